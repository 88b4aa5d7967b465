import { beforeAll, describe, expect, it } from "vitest";
import * as paymentMethodsRoute from "@/app/b/pbl/v2/payment-methods/route";
import { env } from "@/lib/core/env";
import { cardRequestExamples, paymentMethodsExample } from "@/lib/openapi/card-paths";
import { paymentMethodsAnswerSchema, paymentMethodsRequestSchema } from "@/lib/checkout/payment-methods/payment-methods-schemas";
import { basicAuth, createCurrency, createGateway, createKey, createUser } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { testContext } from "../support/test-context";

// POST /b/pbl/v2/payment-methods/ over HTTP against a real database: which gateways each filter keeps (sandbox
// gateways only with type=sandbox, production ones otherwise), what a Basic user may see, the logos, the
// customer's saved cards, and the errors.

const ctx = testContext();
let base: string;
let apiKey: string;
let clerk: string;

beforeAll(async () => {
  await createCurrency(ctx, { code: "USD", decimals: 2 });
  // card: sandbox purchase KWD+USD; card-auth: sandbox authorize KWD; live: production purchase KWD;
  // other: a gateway this build has no adapter for (so it cannot save cards), with its own logo; off: disabled.
  await createGateway(ctx, { code: "card", currencies: ["KWD", "USD"] });
  await createGateway(ctx, { code: "card-auth", currencies: ["KWD"], operation: "authorize" });
  await createGateway(ctx, { code: "live", currencies: ["USD", "KWD"], isSandbox: false });
  await createGateway(ctx, { code: "off", currencies: ["KWD"] });
  await ctx.db.updateTable("gateway_settings").set({ enabled: false }).where("code", "=", "off").execute();
  await ctx.db
    .insertInto("gateway_settings")
    .values({ code: "other", name: "Other bank", pg: "otherbank", is_sandbox: true, currencies: ["KWD"], icon_url: "https://cdn.example/other.png" })
    .execute();
  apiKey = `Api-Key ${(await createKey(ctx)).key}`;
  const user = await createUser(ctx, { gatewayCodes: ["card"] });
  clerk = basicAuth(user.username, user.password);
  base = await serveRoutes([{ path: "/b/pbl/v2/payment-methods", module: paymentMethodsRoute }]);
});

const post = (body: unknown, authorization: string | null = apiKey, path = "/b/pbl/v2/payment-methods/") =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });

async function methods(body: Record<string, unknown>, authorization = apiKey) {
  const res = await post(body, authorization);
  const answer = await res.json();
  expect(res.status, JSON.stringify(answer)).toBe(200);
  paymentMethodsAnswerSchema.parse(answer);
  return answer as { payment_methods: Record<string, unknown>[]; customer_payment_methods: Record<string, unknown>[] };
}
const codes = async (body: Record<string, unknown>, authorization = apiKey) =>
  (await methods(body, authorization)).payment_methods.map((m) => m.code);
/** The sandbox gateways (type=sandbox) and the production ones (no type) a body lists. */
const byType = async (body: Record<string, unknown>, authorization = apiKey) => ({
  sandbox: await codes({ ...body, type: "sandbox" }, authorization),
  production: await codes(body, authorization),
});

async function saveCard(customerId: string, gatewayCode: string, token: string, lastUsedAt: Date, deletedAt: Date | null = null) {
  await ctx.db
    .insertInto("saved_cards")
    .values({
      customer_id: customerId,
      gateway_code: gatewayCode,
      token,
      brand: "VISA",
      masked_number: "•••• 1111",
      expiry_month: 12,
      expiry_year: 39,
      name_on_card: "Sara Ahmad",
      last_used_at: lastUsedAt,
      deleted_at: deletedAt,
    })
    .execute();
}

describe("the gateways", () => {
  it("lists every enabled gateway of the asked type by code, each with its currencies, operation, follow-ups and an absolute logo", async () => {
    const answer = await methods({ plugin: "e_commerce", type: "sandbox" });
    expect(answer.payment_methods.map((m) => m.code)).toEqual(["card", "card-auth", "other"]);
    expect(answer.customer_payment_methods).toEqual([]);
    expect(answer.payment_methods[0]).toEqual({
      code: "card",
      name: "card",
      pg: "sandbox",
      is_sandbox: true,
      logo: `${env.APP_URL}/icons/sandbox.svg`,
      wallets: [],
      default_currency: "KWD",
      accepted_currencies: ["KWD", "USD"],
      operation: "purchase",
      operations: ["refund"],
    });
    expect(answer.payment_methods[1]).toMatchObject({ code: "card-auth", operation: "authorize", operations: ["capture", "void", "refund"] });
    expect(answer.payment_methods[2]).toMatchObject({ code: "other", pg: "otherbank", logo: "https://cdn.example/other.png" });
    const production = await methods({ plugin: "e_commerce" });
    expect(production.payment_methods).toHaveLength(1);
    expect(production.payment_methods[0]).toMatchObject({ code: "live", is_sandbox: false, default_currency: "USD" });
    for (const method of [...answer.payment_methods, ...production.payment_methods]) expect(new URL(String(method.logo)).protocol).toMatch(/^https?:$/);
  });

  it("leaves sandbox gateways out unless type=sandbox is asked, and then lists only them: never both kinds", async () => {
    // Without type, as with production: a real customer's checkout is never offered a test gateway.
    expect(await codes({ plugin: "e_commerce" })).toEqual(["live"]);
    expect(await codes({ plugin: "payment_request", currencies: ["KWD"] })).toEqual(["live"]);
    expect(await codes({ plugin: "e_commerce", type: "production" })).toEqual(["live"]);
    // Naming the sandbox's pg is no way around it: live is a production setting of that pg.
    expect(await codes({ plugin: "e_commerce", pg_names: ["sandbox"] })).toEqual(["live"]);
    expect(await codes({ plugin: "e_commerce", pg_names: ["otherbank"] })).toEqual([]);
    expect(await codes({ plugin: "e_commerce", type: "sandbox" })).toEqual(["card", "card-auth", "other"]);
    for (const method of (await methods({ plugin: "e_commerce", type: "sandbox" })).payment_methods) expect(method.is_sandbox).toBe(true);
    for (const method of (await methods({ plugin: "e_commerce" })).payment_methods) expect(method.is_sandbox).toBe(false);
  });

  it("keeps only gateways that accept every requested currency, in any case and as a comma-separated string", async () => {
    expect(await byType({ plugin: "e_commerce", currencies: ["usd"] })).toEqual({ sandbox: ["card"], production: ["live"] });
    expect(await byType({ plugin: "e_commerce", currencies: "kwd, USD" })).toEqual({ sandbox: ["card"], production: ["live"] });
    expect(await byType({ plugin: "e_commerce", currencies: ["KWD"] })).toEqual({ sandbox: ["card", "card-auth", "other"], production: ["live"] });
    // A well-formed code no gateway takes is no error: it matches nothing.
    expect(await byType({ plugin: "e_commerce", currencies: ["KWD", "XYZ"] })).toEqual({ sandbox: [], production: [] });
  });

  it("gives as default currency the first of the gateway's currencies that was requested, else its first", async () => {
    const byCode = async (body: Record<string, unknown>) =>
      Object.fromEntries(
        [...(await methods({ ...body, type: "sandbox" })).payment_methods, ...(await methods(body)).payment_methods].map((m) => [m.code, m.default_currency]),
      );
    expect(await byCode({ plugin: "e_commerce", currencies: ["USD"] })).toEqual({ card: "USD", live: "USD" });
    expect(await byCode({ plugin: "e_commerce", currencies: ["KWD"] })).toMatchObject({ card: "KWD", live: "KWD" });
    expect(await byCode({ plugin: "e_commerce", currencies: ["USD", "KWD"] })).toEqual({ card: "KWD", live: "USD" });
  });

  it("filters by operation, tokenizable, pg_names and type", async () => {
    expect(await byType({ plugin: "e_commerce", operation: "authorize" })).toEqual({ sandbox: ["card-auth"], production: [] });
    expect(await byType({ plugin: "payment_request", operation: "PURCHASE" })).toEqual({ sandbox: ["card", "other"], production: ["live"] });
    for (const tokenizable of [true, "true", "1", "True"]) {
      expect(await byType({ plugin: "e_commerce", tokenizable }), String(tokenizable)).toEqual({ sandbox: ["card", "card-auth"], production: ["live"] });
    }
    for (const tokenizable of [false, "false", "0"]) {
      expect(await byType({ plugin: "e_commerce", tokenizable }), String(tokenizable)).toEqual({ sandbox: ["card", "card-auth", "other"], production: ["live"] });
    }
    expect(await byType({ plugin: "e_commerce", pg_names: ["otherbank"] })).toEqual({ sandbox: ["other"], production: [] });
    expect(await byType({ plugin: "e_commerce", pg_names: "Sandbox" })).toEqual({ sandbox: ["card", "card-auth"], production: ["live"] });
    expect(await byType({ plugin: "e_commerce", pg_names: ["nobank"] })).toEqual({ sandbox: [], production: [] });
    expect(await codes({ plugin: "e_commerce", type: "sandbox" })).toEqual(["card", "card-auth", "other"]);
    expect(await codes({ plugin: "e_commerce", type: "Production" })).toEqual(["live"]);
    expect(await codes({ plugin: "e_commerce", type: "sandbox", currencies: ["USD"], tokenizable: true })).toEqual(["card"]);
  });

  it("shows a Basic user only the gateways they may use; a superuser all", async () => {
    expect(await byType({ plugin: "e_commerce" }, clerk)).toEqual({ sandbox: ["card"], production: [] });
    expect(await byType({ plugin: "e_commerce", operation: "authorize" }, clerk)).toEqual({ sandbox: [], production: [] });
    const admin = await createUser(ctx, { isSuperuser: true });
    expect(await byType({ plugin: "e_commerce" }, basicAuth(admin.username, admin.password))).toEqual({
      sandbox: ["card", "card-auth", "other"],
      production: ["live"],
    });
  });

  it("reads form bodies, lists as repeated fields, and answers with and without the trailing slash", async () => {
    const form = await fetch(`${base}/b/pbl/v2/payment-methods`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: apiKey },
      body: "plugin=e_commerce&currencies=KWD&currencies=usd&tokenizable=true&type=sandbox",
    });
    expect(form.status).toBe(200);
    expect((await form.json()).payment_methods.map((m: { code: string }) => m.code)).toEqual(["card"]);
    const bare = await post({ plugin: "e_commerce" }, apiKey, "/b/pbl/v2/payment-methods");
    expect(bare.status).toBe(200);
    expect(bare.headers.get("cache-control")).toBe("no-store");
  });
});

describe("the customer's saved cards", () => {
  beforeAll(async () => {
    const now = Date.now();
    await saveCard("cust-pm", "card", "pm-tok-old", new Date(now - 3_600_000));
    await saveCard("cust-pm", "card-auth", "pm-tok-new", new Date(now - 60_000));
    await saveCard("cust-pm", "live", "pm-tok-live", new Date(now));
    await saveCard("cust-pm", "card", "pm-tok-deleted", new Date(now), new Date());
    await saveCard("cust-other", "card", "pm-tok-foreign", new Date(now));
  });

  const tokens = async (body: Record<string, unknown>, authorization = apiKey) =>
    (await methods(body, authorization)).customer_payment_methods.map((c) => [c.token, c.is_preferred]);

  it("lists the customer's cards on the returned gateways only, newest first, the newest preferred", async () => {
    // Without type: production gateways only, so only the card saved on live.
    expect(await tokens({ plugin: "e_commerce", customer_id: "cust-pm" })).toEqual([["pm-tok-live", true]]);
    expect(await tokens({ plugin: "e_commerce", customer_id: "cust-pm", type: "sandbox" })).toEqual([
      ["pm-tok-new", true],
      ["pm-tok-old", false],
    ]);
    expect(await tokens({ plugin: "e_commerce", customer_id: "cust-pm", operation: "purchase", type: "sandbox" })).toEqual([["pm-tok-old", true]]);
    // No gateway left: no cards.
    expect(await tokens({ plugin: "e_commerce", customer_id: "cust-pm", currencies: ["XYZ"] })).toEqual([]);
    expect(await tokens({ plugin: "e_commerce", customer_id: "nobody" })).toEqual([]);
  });

  it("gives each card in the card endpoint's shape, masked", async () => {
    const [card] = (await methods({ plugin: "e_commerce", customer_id: "cust-pm", type: "sandbox", operation: "purchase" })).customer_payment_methods;
    expect(card).toEqual({
      customer_id: "cust-pm",
      brand: "VISA",
      name_on_card: "Sara Ahmad",
      number: "**** 1111",
      expiry_month: "12",
      expiry_year: "39",
      token: "pm-tok-old",
      pg_code: "card",
      is_preferred: true,
      is_expired: false,
      will_expire_soon: false,
      cvv_required: true,
      agreements: [],
    });
  });

  it("shows a Basic user only cards on their gateways", async () => {
    expect(await tokens({ plugin: "e_commerce", customer_id: "cust-pm", type: "sandbox" }, clerk)).toEqual([["pm-tok-old", true]]);
    expect(await tokens({ plugin: "e_commerce", customer_id: "cust-pm" }, clerk)).toEqual([]);
  });
});

describe("errors", () => {
  it("answers 401 without credentials or with bad ones", async () => {
    const none = await post({ plugin: "e_commerce" }, null);
    expect(none.status).toBe(401);
    expect((await none.json()).detail).toMatch(/credentials were not provided/);
    expect((await post({ plugin: "e_commerce" }, "Api-Key nope")).status).toBe(401);
  });

  it("answers field errors for a missing or unknown plugin and malformed filters, all at once", async () => {
    const cases: [Record<string, unknown>, Record<string, RegExp>][] = [
      [{}, { plugin: /required/ }],
      [{ plugin: "shop" }, { plugin: /e_commerce, payment_request/ }],
      [{ plugin: "e_commerce", currencies: ["KW"] }, { currencies: /3-letter ISO 4217/ }],
      [{ plugin: "e_commerce", currencies: "KWD,US1" }, { currencies: /3-letter ISO 4217/ }],
      [{ plugin: "e_commerce", currencies: 5 }, { currencies: /list/ }],
      [{ plugin: "e_commerce", operation: "refund" }, { operation: /purchase, authorize/ }],
      [{ plugin: "e_commerce", tokenizable: "maybe" }, { tokenizable: /boolean/ }],
      [{ plugin: "e_commerce", type: "staging" }, { type: /sandbox, production/ }],
      [{ plugin: "e_commerce", customer_id: "x".repeat(65) }, { customer_id: /64 characters/ }],
      [{ plugin: 1, type: "x", operation: "y" }, { plugin: /e_commerce/, type: /sandbox/, operation: /purchase/ }],
    ];
    for (const [body, expected] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const errors = await res.json();
      expect(Object.keys(errors).sort(), JSON.stringify(body)).toEqual(Object.keys(expected).sort());
      for (const [field, message] of Object.entries(expected)) expect(errors[field][0]).toMatch(message);
    }
  });

  it("treats null and empty values as not given, as ottu-py's dropped values", async () => {
    // An empty type is no type: production gateways only.
    expect(await codes({ plugin: "e_commerce", currencies: null, customer_id: "", operation: null, pg_names: [], type: "" })).toEqual(["live"]);
    expect(await codes({ plugin: "e_commerce", currencies: null, customer_id: "", operation: null, pg_names: [], type: "sandbox" })).toEqual([
      "card",
      "card-auth",
      "other",
    ]);
  });

  it("answers 405 with Allow: POST to other methods, with and without the slash", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/b/pbl/v2/payment-methods/", "/b/pbl/v2/payment-methods"]) {
        const res = await fetch(`${base}${path}`, { method, headers: { authorization: apiKey } });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow")).toBe("POST");
        expect((await res.json()).detail).toContain(`"${method}" not allowed`);
      }
    }
  });
});

describe("the documented examples", () => {
  it("are requests the service reads and an answer of its shape", () => {
    for (const example of Object.values(cardRequestExamples.paymentMethods)) expect(paymentMethodsRequestSchema.safeParse(example.value).success).toBe(true);
    paymentMethodsAnswerSchema.parse(paymentMethodsExample);
  });
});
