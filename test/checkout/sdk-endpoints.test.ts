import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_KEY_REFUSED } from "@/lib/access/auth/authenticate";
import { revokeApiKey } from "@/lib/access/api-keys/revoke-api-key";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { sdkSetupSchema, sdkSubmitAnswerSchema } from "@/lib/checkout/sdk/sdk-schemas";
import { FOREIGN_ORIGIN, NO_ORIGIN } from "@/lib/http/sdk-route";
import { startCheckoutApi } from "../support/checkout-setup";
import { createKey } from "../support/factories";
import { CARDS, deliverReturn, passDeadline, payWith, stateOf } from "../support/payment-flow";

// The Checkout SDK's two endpoints over HTTP, as the embedded checkout in a merchant's page calls them: a public
// key, the page's Origin, CORS. Their shapes, the key and origin rules, the transactions they refuse, the preflight,
// concurrent submits, and the setup returned by create when asked for.

const SHOP = "https://shop.example";
const LOCAL = "http://localhost:4000";

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
let publicKey: string;
let otherShopKey: string;

beforeAll(async () => {
  api = await startCheckoutApi();
  publicKey = (await createKey(api.ctx, { name: "shop checkout", origins: [SHOP, LOCAL] })).key;
  otherShopKey = (await createKey(api.ctx, { name: "other shop", origins: ["https://other.example"] })).key;
  // A bank's page (KNET): it cannot be framed, and saves no cards.
  const credentials = { tranportal_id: "107701", tranportal_password: "Knet-Pass-7731", resource_key: "S9TN2371BAXP8Q35" };
  await createGatewaySetting({ ctx: api.ctx, input: { code: "bank", name: "KNET", pg: "knet", currencies: ["KWD"], isSandbox: true, credentials } });
});

interface Call {
  key?: string | null;
  origin?: string | null;
  authorization?: string;
}

async function call(method: string, path: string, body: unknown, { key = publicKey, origin = SHOP, authorization }: Call = {}) {
  const headers: Record<string, string> = {};
  if (authorization ?? key) headers.authorization = authorization ?? `Api-Key ${key}`;
  if (origin !== null) headers.origin = origin;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${api.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

const setupPath = (sessionId: string) => `/b/checkout/api/sdk/v1/pymt-txn/submit/${sessionId}/`;
const submitPath = (sessionId: string) => `/b/checkout/api/sdk/v1/submit/${sessionId}/`;
const getSetup = (sessionId: string, options?: Call) => call("GET", setupPath(sessionId), undefined, options);
const submit = (sessionId: string, body: unknown, options?: Call) => call("POST", submitPath(sessionId), body, options);

async function newSession(fields: Record<string, unknown> = {}): Promise<string> {
  const res = await api.create({ amount: "86", currency_code: "KWD", pg_codes: ["card", "knet"], ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session_id as string;
}

const attempts = (sessionId: string) =>
  api.ctx.db.selectFrom("payment_attempts").select(["reference_number", "state", "gateway_code"]).where("session_id", "=", sessionId).orderBy("id").execute();

/** What a refusal leaves unchanged: the transaction's row and its attempts. */
async function snapshot(sessionId: string) {
  const txn = await api.ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirst();
  return { txn, attempts: await attempts(sessionId) };
}

describe("GET the SDK setup", () => {
  it("answers what the SDK renders: amount, merchant, language, expiry, each method's fee, total, icon and flow", async () => {
    const sessionId = await newSession({ language: "ar", expiration_time: "00:30:00", order_no: "SDK-1", pg_codes: ["card", "knet", "bank"] });
    const settings = await api.ctx.db.selectFrom("settings").select(["merchant_name", "merchant_logo_url"]).executeTakeFirstOrThrow();

    const res = await getSetup(sessionId);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(sdkSetupSchema.strict().parse(res.body)).toEqual(res.body);
    expect(res.body).toEqual({
      session_id: sessionId,
      type: "e_commerce",
      state: "created",
      operation: "purchase",
      payment_type: "one_off",
      amount: "86.000",
      currency_code: "KWD",
      decimals: 3,
      formatted_amount: "86.000 KWD",
      language: "ar",
      merchant: { name: settings.merchant_name, logo_url: settings.merchant_logo_url },
      customer_id: null,
      expires_at: expect.stringMatching(/Z$/),
      expires_in_seconds: expect.any(Number),
      payment_methods: [
        { pg_code: "card", name: "Card", icon: expect.stringMatching(/\/icons\/sandbox\.svg$/), is_sandbox: true, amount: "86.000", fee: "0.000", fee_description: "No fee", total: "86.000", flow: "frame", saves_cards: true },
        { pg_code: "knet", name: "KNET", icon: expect.stringMatching(/^https?:\/\//), is_sandbox: true, amount: "86.000", fee: "1.540", fee_description: "Fee: 0.250 KWD + 1.5%", total: "87.540", flow: "frame", saves_cards: true },
        { pg_code: "bank", name: "KNET", icon: expect.stringMatching(/\/icons\/knet\.svg$/), is_sandbox: true, amount: "86.000", fee: "0.000", fee_description: "No fee", total: "86.000", flow: "redirect", saves_cards: false },
      ],
      cards: [],
    });
    expect(res.body.expires_in_seconds).toBeGreaterThan(0);
    expect(res.body.expires_in_seconds).toBeLessThanOrEqual(30 * 60);
    expect(new Date(res.body.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);
    expect(res.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(res.headers.get("vary")).toContain("Origin");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers with and without the trailing slash, for each of the key's origins", async () => {
    const sessionId = await newSession();
    const bare = await call("GET", setupPath(sessionId).slice(0, -1), undefined, { origin: LOCAL });
    expect(bare.status).toBe(200);
    expect(bare.headers.get("access-control-allow-origin")).toBe(LOCAL);
  });

  it("lists the customer's saved cards on the methods that save cards, masked, with customer_id only", async () => {
    // The customer saves a card paying an earlier transaction on the sandbox gateway `card`.
    const earlier = await newSession({ customer_id: "cust-sdk", pg_codes: ["card"] });
    const { next } = await payWith(api.ctx, earlier, CARDS.approve, { saveCard: true });
    await deliverReturn(api.ctx, next);
    expect(await stateOf(api.ctx, earlier)).toBe("paid");

    const withCustomer = await getSetup(await newSession({ customer_id: "cust-sdk", pg_codes: ["card", "bank"] }));
    expect(withCustomer.status).toBe(200);
    expect(withCustomer.body.customer_id).toBe("cust-sdk");
    expect(withCustomer.body.cards).toEqual([
      {
        token: expect.any(String),
        pg_code: "card",
        brand: expect.any(String),
        last4: "1111",
        expiry_month: "12",
        expiry_year: "39",
        is_preferred: true,
        is_expired: false,
        is_usable: true,
      },
    ]);
    expect(JSON.stringify(withCustomer.body)).not.toContain(CARDS.approve.replaceAll(" ", ""));

    expect((await getSetup(await newSession({ pg_codes: ["card"] }))).body.cards).toEqual([]);
    expect((await getSetup(await newSession({ customer_id: "someone-else", pg_codes: ["card"] }))).body.cards).toEqual([]);
    // A method that saves no cards shows none, even the customer's.
    expect((await getSetup(await newSession({ customer_id: "cust-sdk", pg_codes: ["bank"] }))).body.cards).toEqual([]);
  });
});

describe("POST submit", () => {
  it("starts the payment as the hosted page's Pay does: the gateway's page, a pending attempt with the method's fee", async () => {
    const sessionId = await newSession();

    const res = await submit(sessionId, { pg_code: "knet" });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(sdkSubmitAnswerSchema.strict().parse(res.body)).toEqual(res.body);
    expect(res.body).toEqual({ status: "redirect", message: "Continue on the payment page.", redirect_url: expect.stringMatching(/\/sandbox\/pay\/[A-Za-z0-9]+$/) });
    expect(res.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(await stateOf(api.ctx, sessionId)).toBe("pending");
    const [attempt] = await attempts(sessionId);
    expect(attempt).toMatchObject({ state: "pending", gateway_code: "knet" });
    expect(res.body.redirect_url).toContain(attempt!.reference_number);
    const charged = await api.ctx.db.selectFrom("payment_attempts").select("amount").where("reference_number", "=", attempt!.reference_number).executeTakeFirstOrThrow();
    expect(Number(charged.amount)).toBe(87.54);
  });

  it("takes a saved card of the transaction's customer on that gateway; another's token is a field error", async () => {
    const earlier = await newSession({ customer_id: "cust-token", pg_codes: ["card"] });
    await deliverReturn(api.ctx, (await payWith(api.ctx, earlier, CARDS.approve, { saveCard: true })).next);
    const sessionId = await newSession({ customer_id: "cust-token", pg_codes: ["card", "knet"] });
    const [card] = (await getSetup(sessionId)).body.cards;

    for (const [body, errors] of [
      [{ pg_code: "card", token: "tok_nobody" }, { token: ["No saved card with this token for this transaction's customer on card."] }],
      [{ pg_code: "knet", token: card.token }, { token: ["No saved card with this token for this transaction's customer on knet."] }],
    ] as const) {
      const before = await snapshot(sessionId);
      const res = await submit(sessionId, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errors);
      expect(await snapshot(sessionId)).toEqual(before);
    }
    const other = await newSession({ customer_id: "cust-other", pg_codes: ["card"] });
    expect((await submit(other, { pg_code: "card", token: card.token })).status).toBe(400);

    const res = await submit(sessionId, { pg_code: "card", token: card.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("redirect");
  });

  it.each([
    [{}, { pg_code: ["This field is required."] }],
    [{ pg_code: "" }, { pg_code: ["This field is required."] }],
    [{ pg_code: "card-auth" }, { pg_code: ["This transaction has no payment method card-auth: use one of its payment_methods[].pg_code."] }],
    [{ pg_code: "nope" }, { pg_code: ["This transaction has no payment method nope: use one of its payment_methods[].pg_code."] }],
  ])("refuses %j with a field error and starts nothing", async (body, errors) => {
    const sessionId = await newSession();
    const before = await snapshot(sessionId);
    const res = await submit(sessionId, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errors);
    expect(res.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(await snapshot(sessionId)).toEqual(before);
  });

  it("refuses an unparsable body with 400 and the API's error shape", async () => {
    const sessionId = await newSession();
    const res = await fetch(`${api.base}${submitPath(sessionId)}`, {
      method: "POST",
      headers: { authorization: `Api-Key ${publicKey}`, origin: SHOP, "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: expect.any(String) });
  });

  it("never starts two payments for concurrent submits: one attempt stays live, the others are superseded or refused", async () => {
    const sessionId = await newSession();

    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(sessionId, { pg_code: i % 2 ? "card" : "knet" })));

    for (const res of answers) {
      expect([200, 409]).toContain(res.status);
      expect(["redirect", "error"]).toContain(res.body.status);
    }
    expect(answers.some((res) => res.body.status === "redirect")).toBe(true);
    const live = (await attempts(sessionId)).filter((a) => a.state === "pending");
    expect(live).toHaveLength(1);
    expect((await attempts(sessionId)).filter((a) => a.state !== "pending").every((a) => a.state === "superseded")).toBe(true);
    const open = await api.ctx.db
      .selectFrom("sandbox_payments")
      .select("reference_number")
      .where("reference_number", "in", (await attempts(sessionId)).map((a) => a.reference_number))
      .where("status", "=", "awaiting_card")
      .execute();
    expect(open).toEqual([{ reference_number: live[0]!.reference_number }]);
  });
});

describe("transactions the SDK cannot pay", () => {
  it("a paid one: 409 with the reason, on both endpoints, and nothing changes", async () => {
    const sessionId = await newSession({ pg_codes: ["card"] });
    await deliverReturn(api.ctx, (await payWith(api.ctx, sessionId, CARDS.approve)).next);
    const before = await snapshot(sessionId);
    const message = "This transaction is already paid: there is nothing left to pay.";

    const read = await getSetup(sessionId);
    expect(read.status).toBe(409);
    expect(read.body).toEqual({ detail: message });
    expect(read.headers.get("access-control-allow-origin")).toBe(SHOP);
    const paid = await submit(sessionId, { pg_code: "card" });
    expect(paid.status).toBe(409);
    expect(paid.body).toEqual({ status: "error", message, redirect_url: null, detail: message });
    expect(await snapshot(sessionId)).toEqual(before);
  });

  it("an expired one: 409 saying so; a submit past the deadline marks it expired, as the hosted page's Pay does", async () => {
    const sessionId = await newSession();
    await passDeadline(api.ctx, sessionId);

    expect(await getSetup(sessionId)).toMatchObject({ status: 409, body: { detail: "This payment link has expired." } });
    expect(await stateOf(api.ctx, sessionId)).toBe("created");
    const res = await submit(sessionId, { pg_code: "card" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: "error", message: "This payment link has expired.", redirect_url: null, detail: "This payment link has expired." });
    expect(await stateOf(api.ctx, sessionId)).toBe("expired");
    expect(await attempts(sessionId)).toEqual([]);
  });

  it("a canceled one: 409 naming its state", async () => {
    const sessionId = await newSession();
    expect((await api.send("POST", "/b/pbl/v2/operation/", { operation: "cancel", session_id: sessionId })).status).toBe(200);
    const message = "This transaction is canceled: it can no longer be paid.";
    expect(await getSetup(sessionId)).toMatchObject({ status: 409, body: { detail: message } });
    expect(await submit(sessionId, { pg_code: "card" })).toMatchObject({ status: 409, body: { status: "error", message } });
    expect(await attempts(sessionId)).toEqual([]);
  });

  it.each([
    ["deleted", async () => {
      const sessionId = await newSession();
      expect((await api.send("POST", "/b/pbl/v2/operation/", { operation: "delete", session_id: sessionId })).status).toBe(200);
      return sessionId;
    }],
    ["unknown", async () => "0".repeat(40)],
    ["malformed", async () => "not-a-session"],
  ])("a session that is %s: 404, on both endpoints", async (_what, session) => {
    const sessionId = await session();
    for (const res of [await getSetup(sessionId), await submit(sessionId, { pg_code: "card" })]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "No such transaction." });
      expect(res.headers.get("access-control-allow-origin")).toBe(SHOP);
    }
  });
});

describe("keys and origins", () => {
  let revoked: string;
  let expired: string;
  beforeAll(async () => {
    const r = await createKey(api.ctx, { origins: [SHOP] });
    await revokeApiKey({ ctx: api.ctx, input: { id: r.id } });
    revoked = r.key;
    expired = (await createKey(api.ctx, { origins: [SHOP], expiresAt: new Date(Date.now() - 1000) })).key;
  });

  it.each<[string, () => Call, string | RegExp]>([
    ["no credentials", () => ({ key: null }), /^Authentication credentials were not provided\./],
    ["a private key", () => ({ key: api.key }), /^This is a private key: it must stay on your server\./],
    ["Basic credentials", () => ({ authorization: api.basic }), /^Malformed or unsupported Authorization header\./],
    ["an unknown key", () => ({ key: `pk_${"x".repeat(43)}` }), "Invalid API key."],
    ["a revoked key", () => ({ key: revoked }), "This API key has been revoked."],
    ["an expired key", () => ({ key: expired }), "This API key has expired."],
  ])("refuse %s with 401 and no CORS allowance, changing nothing", async (_what, options, detail) => {
    const sessionId = await newSession();
    const before = await snapshot(sessionId);
    for (const res of [await getSetup(sessionId, options()), await submit(sessionId, { pg_code: "card" }, options())]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: expect.stringMatching(detail) });
      expect(res.headers.get("www-authenticate")).toBe('Api-Key realm="api"');
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
    expect(await snapshot(sessionId)).toEqual(before);
  });

  it.each<[string, () => Call, string]>([
    ["an origin not on the key's list", () => ({ origin: "https://evil.example" }), FOREIGN_ORIGIN],
    ["another merchant site's origin, listed by another key", () => ({ origin: "https://other.example" }), FOREIGN_ORIGIN],
    ["the right host on another scheme", () => ({ origin: "http://shop.example" }), FOREIGN_ORIGIN],
    ["the right host on another port", () => ({ origin: "https://shop.example:8443" }), FOREIGN_ORIGIN],
    ["a sandboxed frame's null origin", () => ({ origin: "null" }), FOREIGN_ORIGIN],
    ["no Origin at all (a server, not a browser)", () => ({ origin: null }), NO_ORIGIN],
    ["the other key from its own origin's neighbour", () => ({ key: otherShopKey, origin: SHOP }), FOREIGN_ORIGIN],
  ])("refuse %s with 403 and no CORS allowance, changing nothing", async (_what, options, detail) => {
    const sessionId = await newSession();
    const before = await snapshot(sessionId);
    for (const res of [await getSetup(sessionId, options()), await submit(sessionId, { pg_code: "card" }, options())]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail });
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(res.headers.get("vary")).toContain("Origin");
    }
    expect(await snapshot(sessionId)).toEqual(before);
  });

  it("a public key is refused by every other endpoint with 401 naming it a public key", async () => {
    const sessionId = await newSession();
    const auth = { authorization: `Api-Key ${publicKey}` };
    const calls = [
      api.send("POST", "/b/checkout/v1/pymt-txn/", { amount: "1", currency_code: "KWD", pg_codes: ["card"] }, auth),
      api.send("PATCH", `/b/checkout/v1/pymt-txn/${sessionId}`, { amount: "2" }, auth),
      api.send("POST", "/b/pbl/v2/inquiry/", { session_id: sessionId }, auth),
      api.send("POST", "/b/pbl/v2/operation/", { operation: "cancel", session_id: sessionId }, auth),
      api.send("POST", "/b/pbl/v2/payment-methods/", { plugin: "e_commerce", currencies: ["KWD"] }, auth),
      api.send("POST", "/b/pbl/v2/card/", { customer_id: "cust-sdk" }, auth),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: PUBLIC_KEY_REFUSED });
    }
    expect(await stateOf(api.ctx, sessionId)).toBe("created");
    // Reading a transaction stays public, whatever the credentials.
    expect((await api.send("GET", `/b/checkout/v1/pymt-txn/${sessionId}`, undefined, auth)).status).toBe(200);
  });
});

describe("the CORS preflight", () => {
  const preflight = (path: string, origin: string | null, method = "POST") =>
    fetch(`${api.base}${path}`, {
      method: "OPTIONS",
      headers: {
        ...(origin === null ? {} : { origin }),
        "access-control-request-method": method,
        "access-control-request-headers": "authorization,content-type",
      },
    });

  it("allows a listed origin the methods and the two headers the SDK sends", async () => {
    const sessionId = "a".repeat(40);
    for (const [path, method] of [[submitPath(sessionId), "POST"], [setupPath(sessionId), "GET"]] as const) {
      const res = await preflight(path, LOCAL, method);
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(LOCAL);
      expect(res.headers.get("access-control-allow-methods")).toBe(`${method}, OPTIONS`);
      expect(res.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type");
      expect(res.headers.get("vary")).toContain("Origin");
    }
  });

  it.each([
    ["an origin no key lists", "https://evil.example", FOREIGN_ORIGIN],
    ["an origin written otherwise than a browser sends it", "https://SHOP.example/", FOREIGN_ORIGIN],
    ["no Origin", null, NO_ORIGIN],
  ])("refuses %s with 403 and no allowance", async (_what, origin, detail) => {
    const res = await preflight(submitPath("a".repeat(40)), origin);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("stops allowing an origin once the only key listing it is revoked", async () => {
    const { id } = await createKey(api.ctx, { origins: ["https://short-lived.example"] });
    expect((await preflight(submitPath("a".repeat(40)), "https://short-lived.example")).status).toBe(204);
    await revokeApiKey({ ctx: api.ctx, input: { id } });
    expect((await preflight(submitPath("a".repeat(40)), "https://short-lived.example")).status).toBe(403);
  });
});

describe("include_sdk_setup_preload on create", () => {
  it("returns the SDK setup as sdk_setup_preload_payload: the GET's body", async () => {
    const res = await api.create({ amount: "86", currency_code: "KWD", pg_codes: ["card", "knet"], include_sdk_setup_preload: true });
    expect(res.status).toBe(201);
    const preload = res.body.sdk_setup_preload_payload;
    const read = await getSetup(res.body.session_id);
    expect(sdkSetupSchema.strict().parse(preload)).toEqual(preload);
    expect({ ...preload, expires_in_seconds: 0 }).toEqual({ ...read.body, expires_in_seconds: 0 });
  });

  it("is absent when not asked for, or asked for with false", async () => {
    for (const flag of [{}, { include_sdk_setup_preload: false }]) {
      const res = await api.create({ amount: "5", currency_code: "KWD", pg_codes: ["card"], ...flag });
      expect(res.status).toBe(201);
      expect(res.body).not.toHaveProperty("sdk_setup_preload_payload");
    }
  });

  it("comes with an Idempotency-Key's replay too, and is null once the transaction can no longer be paid", async () => {
    const body = { amount: "7", currency_code: "KWD", pg_codes: ["card"], include_sdk_setup_preload: true };
    const headers = { "idempotency-key": "sdk-preload-1" };
    const first = await api.create(body, headers);
    const replay = await api.create(body, headers);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.sdk_setup_preload_payload).toMatchObject({ session_id: first.body.session_id, amount: "7.000" });

    await api.send("POST", "/b/pbl/v2/operation/", { operation: "cancel", session_id: first.body.session_id });
    expect((await api.create(body, headers)).body.sdk_setup_preload_payload).toBeNull();
  });
});

describe("methods the SDK paths do not take", () => {
  it("answer 405 with Allow (a cross-site write to them is refused first, as everywhere)", async () => {
    const sessionId = "a".repeat(40);
    const wrong = [await call("POST", setupPath(sessionId), { pg_code: "card" }, { origin: null }), await call("GET", submitPath(sessionId), undefined)];
    expect(wrong.map((r) => [r.status, r.headers.get("allow")])).toEqual([
      [405, "GET, OPTIONS"],
      [405, "POST, OPTIONS"],
    ]);
  });
});
