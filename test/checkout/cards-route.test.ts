import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as cardRoute from "@/app/b/pbl/v2/card/route";
import * as cardTokenRoute from "@/app/b/pbl/v2/card/[token]/route";
import * as paymentMethodsRoute from "@/app/b/pbl/v2/payment-methods/route";
import type { CustomerCard } from "@/db/queries/saved-cards";
import type { Caller } from "@/lib/access/auth/permissions";
import { cardSchema, listCardsRequestSchema } from "@/lib/checkout/cards/card-schemas";
import { representCard } from "@/lib/checkout/cards/represent-card";
import type { GatewayAdapter } from "@/lib/gateways/adapter";
import { sandboxAdapter } from "@/lib/gateways/sandbox/sandbox-adapter";
import { cardExamples, cardRequestExamples } from "@/lib/openapi/card-paths";
import { basicAuth, createGateway, createKey, createUser } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { newTransaction } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// POST /b/pbl/v2/card/ and DELETE /b/pbl/v2/card/{token}/ over HTTP against a real database: a customer's
// cards as a bare array, the filters, the merchant's scope, deletion (once, with its agreement links, then
// the gateway told), and that no answer ever carries a card number or a CVV.

const ctx = testContext();
let base: string;
let apiKey: string;
let clerk: string;
let caller: Caller;
/** Every response body this file received, scanned at the end for card numbers and CVVs. */
const seen: string[] = [];

beforeAll(async () => {
  // card and card-auth: sandbox gateways; live: a production one. The clerk may use only card.
  await createGateway(ctx, { code: "card", currencies: ["KWD"] });
  await createGateway(ctx, { code: "card-auth", currencies: ["KWD"], operation: "authorize" });
  await createGateway(ctx, { code: "live", currencies: ["KWD"], isSandbox: false });
  const key = await createKey(ctx);
  apiKey = `Api-Key ${key.key}`;
  caller = { kind: "api_key", id: key.id, name: key.name };
  const user = await createUser(ctx, { gatewayCodes: ["card"] });
  clerk = basicAuth(user.username, user.password);
  base = await serveRoutes([
    { path: "/b/pbl/v2/card", module: cardRoute },
    { path: "/b/pbl/v2/card/[token]", module: cardTokenRoute },
    { path: "/b/pbl/v2/payment-methods", module: paymentMethodsRoute },
  ]);
});

async function send(method: string, path: string, options: { body?: unknown; authorization?: string | null; form?: string } = {}) {
  const authorization = options.authorization === undefined ? apiKey : options.authorization;
  const headers: Record<string, string> = authorization ? { authorization } : {};
  let body: string | undefined;
  if (options.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = options.form;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  seen.push(text);
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
}
const list = (body: unknown, authorization?: string | null) => send("POST", "/b/pbl/v2/card/", { body, authorization });
const remove = (token: string, query: string, authorization?: string | null) =>
  send("DELETE", `/b/pbl/v2/card/${encodeURIComponent(token)}/${query ? `?${query}` : ""}`, { authorization });

let tokenCount = 0;
/** A saved card as the payment flow stores one, written directly (the flow that saves cards is tested elsewhere). */
async function saveCard(
  customerId: string,
  gatewayCode: string,
  card: { masked?: string; month?: number; year?: number; lastUsedAt?: Date; name?: string | null; brand?: string } = {},
) {
  const token = `tok-${customerId}-${++tokenCount}`;
  const row = await ctx.db
    .insertInto("saved_cards")
    .values({
      customer_id: customerId,
      gateway_code: gatewayCode,
      token,
      brand: card.brand ?? "VISA",
      masked_number: card.masked ?? "•••• 1111",
      expiry_month: card.month ?? 12,
      expiry_year: card.year ?? 39,
      name_on_card: card.name === undefined ? "Sara Ahmad" : card.name,
      last_used_at: card.lastUsedAt ?? new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** Links a card to an auto-debit agreement of its customer, as the first payment under the agreement does. */
async function linkAgreement(customerId: string, agreementId: string, cardId: string) {
  const sessionId = await newTransaction(ctx, caller, { customer_id: customerId });
  await ctx.db
    .insertInto("card_agreements")
    .values({
      customer_id: customerId,
      agreement_id: agreementId,
      card_id: cardId,
      agreement: JSON.stringify({ id: agreementId, type: "unscheduled" }),
      session_id: sessionId,
      amount: "10",
      currency_code: "KWD",
    })
    .execute();
}

const cardRow = (id: string) => ctx.db.selectFrom("saved_cards").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const agreementsOf = (id: string) => ctx.db.selectFrom("card_agreements").select("agreement_id").where("card_id", "=", id).execute();
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe("POST /b/pbl/v2/card/", () => {
  let older: { id: string; token: string };
  let newest: { id: string; token: string };
  let expired: { id: string; token: string };
  let live: { id: string; token: string };
  beforeAll(async () => {
    older = await saveCard("cust-list", "card", { masked: "•••• 4242", lastUsedAt: minutesAgo(30), month: 1, year: 2039 });
    newest = await saveCard("cust-list", "card-auth", { masked: "•••• 1111", lastUsedAt: minutesAgo(1), brand: "MASTERCARD", name: null });
    expired = await saveCard("cust-list", "card", { masked: "•••• 0002", lastUsedAt: minutesAgo(60), month: 1, year: 24 });
    live = await saveCard("cust-list", "live", { masked: "•••• 5555", lastUsedAt: minutesAgo(120) });
    await saveCard("cust-else", "card", { lastUsedAt: new Date() });
    const gone = await saveCard("cust-list", "card", { lastUsedAt: new Date() });
    await ctx.db.updateTable("saved_cards").set({ deleted_at: new Date() }).where("id", "=", gone.id).execute();
    await linkAgreement("cust-list", "agr-monthly", older.id);
    await linkAgreement("cust-list", "agr-yearly", older.id);
    await linkAgreement("cust-list", "agr-other", newest.id);
  });

  it("answers a bare array of the customer's cards, newest saved or used first, the newest preferred", async () => {
    const res = await list({ customer_id: "cust-list" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Array.isArray(res.body)).toBe(true);
    for (const card of res.body) cardSchema.parse(card);
    expect(res.body.map((c: { token: string }) => c.token)).toEqual([newest.token, older.token, expired.token, live.token]);
    expect(res.body.map((c: { is_preferred: boolean }) => c.is_preferred)).toEqual([true, false, false, false]);
    expect(res.body[0]).toEqual({
      customer_id: "cust-list",
      brand: "MASTERCARD",
      name_on_card: null,
      number: "**** 1111",
      expiry_month: "12",
      expiry_year: "39",
      token: newest.token,
      pg_code: "card-auth",
      is_preferred: true,
      is_expired: false,
      will_expire_soon: false,
      cvv_required: true,
      agreements: ["agr-other"],
    });
    expect(res.body[1]).toMatchObject({ number: "**** 4242", expiry_month: "01", expiry_year: "39", agreements: ["agr-monthly", "agr-yearly"], is_expired: false });
    expect(res.body[2]).toMatchObject({ number: "**** 0002", expiry_month: "01", expiry_year: "24", is_expired: true, will_expire_soon: false, agreements: [] });
  });

  it("filters by type, pg_codes and agreement_id; the preferred card is the newest of those listed", async () => {
    const tokens = async (body: Record<string, unknown>) => {
      const res = await list({ customer_id: "cust-list", ...body });
      expect(res.status, res.text).toBe(200);
      return res.body.map((c: { token: string; is_preferred: boolean }) => [c.token, c.is_preferred]);
    };
    expect(await tokens({ type: "production" })).toEqual([[live.token, true]]);
    expect(await tokens({ type: "Sandbox" })).toEqual([[newest.token, true], [older.token, false], [expired.token, false]]);
    expect(await tokens({ pg_codes: ["card"] })).toEqual([[older.token, true], [expired.token, false]]);
    expect(await tokens({ pg_codes: "card, live" })).toEqual([[older.token, true], [expired.token, false], [live.token, false]]);
    expect(await tokens({ pg_codes: ["nowhere"] })).toEqual([]);
    expect(await tokens({ agreement_id: "agr-yearly" })).toEqual([[older.token, true]]);
    expect(await tokens({ agreement_id: "agr-other", pg_codes: ["card"] })).toEqual([]);
    expect(await tokens({ agreement_id: "agr-none" })).toEqual([]);
    expect(await tokens({ type: "production", pg_codes: ["card"] })).toEqual([]);
  });

  it("never lists another customer's cards, nor deleted ones; an unknown customer has none", async () => {
    const res = await list({ customer_id: "cust-else" });
    expect(res.body).toHaveLength(1);
    expect(res.body[0].customer_id).toBe("cust-else");
    expect((await list({ customer_id: "cust-nobody" })).body).toEqual([]);
    expect((await list({ customer_id: "cust-list" })).body).toHaveLength(4);
  });

  it("shows a Basic user only the cards on gateways they may use", async () => {
    const res = await list({ customer_id: "cust-list" }, clerk);
    expect(res.status).toBe(200);
    expect(res.body.map((c: { token: string; is_preferred: boolean }) => [c.token, c.is_preferred])).toEqual([
      [older.token, true],
      [expired.token, false],
    ]);
    expect((await list({ customer_id: "cust-list", pg_codes: ["card-auth"] }, clerk)).body).toEqual([]);
  });

  it("reads form bodies and answers with and without the trailing slash", async () => {
    const form = await send("POST", "/b/pbl/v2/card", { form: "customer_id=cust-list&pg_codes=card&pg_codes=live&type=sandbox" });
    expect(form.status).toBe(200);
    expect(form.body.map((c: { token: string }) => c.token)).toEqual([older.token, expired.token]);
  });

  it("shows only the last four digits, however the gateway masked the number", async () => {
    const odd = await saveCard("cust-mask", "card", { masked: "411111******1111" });
    const raw = await saveCard("cust-mask", "card", { masked: "4111111111111111", lastUsedAt: minutesAgo(5) });
    const none = await saveCard("cust-mask", "card", { masked: "card", lastUsedAt: minutesAgo(10) });
    const res = await list({ customer_id: "cust-mask" });
    expect(res.body.map((c: { token: string; number: string }) => [c.token, c.number])).toEqual([
      [odd.token, "**** 1111"],
      [raw.token, "**** 1111"],
      [none.token, "****"],
    ]);
    expect(res.text).not.toContain("411111");
  });

  it("answers 400 without customer_id or with a bad type, listing every field error", async () => {
    for (const body of [{}, { customer_id: "" }, { customer_id: null, type: "sandbox" }]) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ customer_id: ["This field is required."] });
    }
    const both = await list({ type: "staging", pg_codes: 7 });
    expect(both.status).toBe(400);
    expect(Object.keys(both.body).sort()).toEqual(["customer_id", "pg_codes", "type"]);
    expect(both.body.type[0]).toMatch(/sandbox, production/);
  });

  it("answers 401 without credentials", async () => {
    const res = await list({ customer_id: "cust-list" }, null);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("Api-Key");
  });

  it("answers 405 with Allow: POST to other methods", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/b/pbl/v2/card/", "/b/pbl/v2/card"]) {
        const res = await send(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow")).toBe("POST");
      }
    }
  });
});

describe("DELETE /b/pbl/v2/card/{token}/", () => {
  const original = sandboxAdapter.removeToken;
  const forgotten: { token: string; deletedAt: Date | null; links: number }[] = [];
  /** Stands in for the gateway: records what it was asked to forget and what the database showed at that moment. */
  const recording: NonNullable<GatewayAdapter["removeToken"]> = async (_ctx, _gateway, token) => {
    const row = await ctx.db.selectFrom("saved_cards").select(["id", "deleted_at"]).where("token", "=", token).executeTakeFirstOrThrow();
    forgotten.push({ token, deletedAt: row.deleted_at, links: (await agreementsOf(row.id)).length });
  };
  beforeAll(() => {
    sandboxAdapter.removeToken = recording;
  });
  afterEach(() => {
    sandboxAdapter.removeToken = recording;
  });
  // Put back whatever the sandbox adapter had (another change may give it its own removeToken).
  afterAll(() => {
    if (original) sandboxAdapter.removeToken = original;
    else delete sandboxAdapter.removeToken;
  });

  it("deletes the card with its agreement links, answers 204 without a body, then tells the gateway; once", async () => {
    const card = await saveCard("cust-del", "card");
    const kept = await saveCard("cust-del", "card", { lastUsedAt: minutesAgo(5) });
    await linkAgreement("cust-del", "agr-del", card.id);
    await linkAgreement("cust-del", "agr-kept", kept.id);

    const res = await remove(card.token, "customer_id=cust-del&type=sandbox");
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await cardRow(card.id)).deleted_at).toBeInstanceOf(Date);
    expect(await agreementsOf(card.id)).toEqual([]);
    expect(await agreementsOf(kept.id)).toEqual([{ agreement_id: "agr-kept" }]);
    // The gateway was asked after the commit: it already saw the card deleted and unlinked.
    expect(forgotten.filter((f) => f.token === card.token)).toEqual([{ token: card.token, deletedAt: expect.any(Date), links: 0 }]);

    const listed = await list({ customer_id: "cust-del" });
    expect(listed.body.map((c: { token: string; is_preferred: boolean }) => [c.token, c.is_preferred])).toEqual([[kept.token, true]]);
    const again = await remove(card.token, "customer_id=cust-del&type=sandbox");
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: "No saved card with this token for this customer." });
    expect(forgotten.filter((f) => f.token === card.token)).toHaveLength(1);
  });

  it("has the sandbox gateway forget the token in its vault", async () => {
    sandboxAdapter.removeToken = original;
    const card = await saveCard("cust-vault", "card");
    const vaulted = () => ctx.db.selectFrom("sandbox_tokens").select("deleted_at").where("token", "=", card.token).executeTakeFirstOrThrow();
    await ctx.db
      .insertInto("sandbox_tokens")
      .values({ token: card.token, gateway_code: "card", customer_id: "cust-vault", card_brand: "VISA", card_masked: "•••• 1111", card_expiry: "12/39", charge_behaviour: "approve", operation_behaviour: "accept" })
      .execute();
    expect((await vaulted()).deleted_at).toBeNull();
    expect((await remove(card.token, "customer_id=cust-vault&type=sandbox")).status).toBe(204);
    expect((await vaulted()).deleted_at).toBeInstanceOf(Date);
  });

  it("takes the path without the trailing slash and without type", async () => {
    const card = await saveCard("cust-del", "live");
    const res = await send("DELETE", `/b/pbl/v2/card/${card.token}?customer_id=cust-del`);
    expect(res.status).toBe(204);
    expect((await cardRow(card.id)).deleted_at).not.toBeNull();
  });

  it("answers 404 to another customer's token, an unknown one, the other type, or a gateway the caller may not use; nothing is deleted", async () => {
    const card = await saveCard("cust-owner", "card-auth");
    await linkAgreement("cust-owner", "agr-owner", card.id);
    const attempts: [string, string, string?][] = [
      [card.token, "customer_id=cust-thief&type=sandbox"],
      [card.token, "customer_id=CUST-OWNER"],
      [card.token, "customer_id=cust-owner&type=production"],
      ["tok-unknown", "customer_id=cust-owner"],
      [card.token, "customer_id=cust-owner&type=sandbox", clerk],
    ];
    for (const [token, query, authorization] of attempts) {
      const res = await remove(token, query, authorization);
      expect(res.status, `${token}?${query}`).toBe(404);
      expect(res.body).toEqual({ detail: "No saved card with this token for this customer." });
    }
    expect((await cardRow(card.id)).deleted_at).toBeNull();
    expect(await agreementsOf(card.id)).toEqual([{ agreement_id: "agr-owner" }]);
    expect(forgotten.filter((f) => f.token === card.token)).toEqual([]);
    expect((await list({ customer_id: "cust-owner" })).body).toHaveLength(1);
  });

  it("lets a Basic user delete a card on their own gateway", async () => {
    const card = await saveCard("cust-clerk", "card");
    expect((await remove(card.token, "customer_id=cust-clerk&type=sandbox", clerk)).status).toBe(204);
    expect((await cardRow(card.id)).deleted_at).not.toBeNull();
  });

  it("keeps the card deleted when the gateway fails to forget it", async () => {
    sandboxAdapter.removeToken = async () => {
      throw new Error("gateway down");
    };
    const card = await saveCard("cust-fail", "card");
    const res = await remove(card.token, "customer_id=cust-fail");
    expect(res.status).toBe(204);
    expect((await cardRow(card.id)).deleted_at).not.toBeNull();
    expect((await list({ customer_id: "cust-fail" })).body).toEqual([]);
  });

  it("answers one of two simultaneous deletes with 204 and the other with 404", async () => {
    const card = await saveCard("cust-race", "card");
    const answers = await Promise.all([1, 2, 3].map(() => remove(card.token, "customer_id=cust-race")));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404, 404]);
    expect(forgotten.filter((f) => f.token === card.token)).toHaveLength(1);
  });

  it("answers 400 without customer_id (also when it is empty, as httpx sends None) or with a bad type", async () => {
    const card = await saveCard("cust-400", "card");
    for (const query of ["", "type=sandbox", "customer_id=&type=sandbox"]) {
      const res = await remove(card.token, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ customer_id: ["This field is required."] });
    }
    const bad = await remove(card.token, "customer_id=cust-400&type=live");
    expect(bad.status).toBe(400);
    expect(bad.body.type[0]).toMatch(/sandbox, production/);
    expect((await cardRow(card.id)).deleted_at).toBeNull();
  });

  it("answers 401 without credentials and deletes nothing", async () => {
    const card = await saveCard("cust-401", "card");
    expect((await remove(card.token, "customer_id=cust-401", null)).status).toBe(401);
    expect((await cardRow(card.id)).deleted_at).toBeNull();
  });

  it("answers 405 with Allow: DELETE to other methods", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH"]) {
      for (const path of ["/b/pbl/v2/card/tok-x/", "/b/pbl/v2/card/tok-x"]) {
        const res = await send(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow")).toBe("DELETE");
      }
    }
  });
});

describe("expiry", () => {
  const card = (month: number, year: number) =>
    ({ id: "1", customer_id: "c", token: "t", brand: "VISA", name_on_card: null, masked_number: "•••• 1111", expiry_month: month, expiry_year: year, gateway_code: "card", last_used_at: new Date(), agreements: [] }) as CustomerCard;
  const at = (iso: string, month: number, year: number) => {
    const { is_expired, will_expire_soon } = representCard(card(month, year), { preferred: false, now: new Date(iso) });
    return { is_expired, will_expire_soon };
  };

  it("a card is valid through the last instant of its expiry month (UTC) and expires soon within 30 days of it", () => {
    expect(at("2026-03-31T23:59:59.999Z", 3, 26)).toEqual({ is_expired: false, will_expire_soon: true });
    expect(at("2026-04-01T00:00:00.000Z", 3, 26)).toEqual({ is_expired: true, will_expire_soon: false });
    expect(at("2026-03-02T00:00:00.000Z", 3, 2026)).toEqual({ is_expired: false, will_expire_soon: true });
    expect(at("2026-03-01T23:59:59.000Z", 3, 26)).toEqual({ is_expired: false, will_expire_soon: false });
    expect(at("2026-01-15T00:00:00.000Z", 3, 26)).toEqual({ is_expired: false, will_expire_soon: false });
    expect(at("2026-12-15T00:00:00.000Z", 12, 26)).toEqual({ is_expired: false, will_expire_soon: true });
    expect(at("2027-01-01T00:00:00.000Z", 12, 26)).toEqual({ is_expired: true, will_expire_soon: false });
  });
});

describe("the documented examples", () => {
  it("are requests the service reads and cards of its shape", () => {
    for (const example of Object.values(cardRequestExamples.listCards)) expect(listCardsRequestSchema.safeParse(example.value).success).toBe(true);
    for (const example of Object.values(cardExamples)) cardSchema.parse(example);
  });
});

describe("card numbers and CVVs", () => {
  it("appear in no answer of this file: no full test card number, no CVV field", () => {
    expect(seen.length).toBeGreaterThan(40);
    for (const text of seen) {
      expect(text).not.toMatch(/\d{13,19}/);
      expect(text).not.toMatch(/4111111111111111|4000000000000002/);
      expect(text.replace(/"cvv_required"/g, "")).not.toMatch(/cvv|cvc|security_code/i);
    }
  });
});
