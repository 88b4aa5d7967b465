import { beforeAll, describe, expect, it } from "vitest";
import * as cardRoute from "@/app/b/pbl/v2/card/route";
import * as cardTokenRoute from "@/app/b/pbl/v2/card/[token]/route";
import * as paymentMethodsRoute from "@/app/b/pbl/v2/payment-methods/route";
import { cardSchema } from "@/lib/checkout/cards/card-schemas";
import { paymentMethodsAnswerSchema } from "@/lib/checkout/payment-methods/payment-methods-schemas";
import { basicAuth, createCurrency, createGateway, createKey, createUser } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { httpxQuery, httpxRequest, jsonBody, ottuPyResult, pythonJson, removeEmptyValues } from "../support/httpx-wire";
import { testContext } from "../support/test-context";

// The requests ottu-py (ottuco/ottu-py) sends for Ottu.get_payment_methods (also called by checkout_autoflow
// and auto_debit_autoflow through Session.get_pg_codes / get_auto_debit_pg_codes) and for Card.list / get /
// delete, reproduced byte for byte on a raw socket (see test/checkout/checkout-ottu-py-requests.test.ts for the rules):
// - POST /b/pbl/v2/payment-methods/ {plugin, currencies, customer_id, operation, tokenizable, pg_names, type},
//   falsy values dropped (tokenizable=False is not sent); type is "sandbox" unless Ottu(is_sandbox=False).
// - POST /b/pbl/v2/card/ {type, customer_id, pg_codes, agreement_id}, falsy values dropped.
// - DELETE /b/pbl/v2/card/{token}/?customer_id=…&type=… without a body; a 204 is read as {}.
// Each answer is then read the way ottu-py's OttuPYResponse.as_dict() reports it.

const ctx = testContext();
let base: string;
let apiKey: string;
let clerk: string;

beforeAll(async () => {
  await createCurrency(ctx, { code: "USD", decimals: 2 });
  await createGateway(ctx, { code: "ottu_pg_kwd_tkn", currencies: ["KWD", "USD"] });
  await createGateway(ctx, { code: "card-auth", currencies: ["KWD"], operation: "authorize" });
  await createGateway(ctx, { code: "live", currencies: ["KWD"], isSandbox: false });
  await ctx.db
    .insertInto("gateway_settings")
    .values({ code: "knet", name: "KNET", pg: "otherbank", is_sandbox: true, currencies: ["KWD"] })
    .execute();
  apiKey = `Api-Key ${(await createKey(ctx)).key}`;
  const user = await createUser(ctx, { gatewayCodes: ["ottu_pg_kwd_tkn"] });
  clerk = basicAuth(user.username, user.password);
  const now = Date.now();
  const card = (token: string, gatewayCode: string, minutesAgo: number) => ({
    customer_id: "test-customer-jpg",
    gateway_code: gatewayCode,
    token,
    brand: "VISA",
    masked_number: "•••• 0026",
    expiry_month: 1,
    expiry_year: 39,
    name_on_card: "ASDFFFF",
    last_used_at: new Date(now - minutesAgo * 60_000),
  });
  await ctx.db
    .insertInto("saved_cards")
    .values([card("9918766711067353", "ottu_pg_kwd_tkn", 1), card("9918766711067354", "card-auth", 10), card("9918766711067355", "live", 0)])
    .execute();
  base = await serveRoutes([
    { path: "/b/pbl/v2/payment-methods", module: paymentMethodsRoute },
    { path: "/b/pbl/v2/card", module: cardRoute },
    { path: "/b/pbl/v2/card/[token]", module: cardTokenRoute },
  ]);
});

/** The payload Ottu._get_payment_methods builds, in its key order, falsy values dropped. */
function paymentMethodsPayload(args: {
  plugin: string;
  currencies?: string[] | null;
  customer_id?: string | null;
  operation?: string | null;
  tokenizable?: boolean;
  pg_names?: string[] | null;
  is_sandbox?: boolean;
}) {
  return removeEmptyValues({
    plugin: args.plugin,
    currencies: args.currencies,
    customer_id: args.customer_id,
    operation: args.operation,
    tokenizable: args.tokenizable ?? false,
    pg_names: args.pg_names,
    type: (args.is_sandbox ?? true) ? "sandbox" : "production",
  });
}

/** The payload Card._get_cards builds. */
const cardsPayload = (args: { customer_id?: string | null; pg_codes?: string[] | null; agreement_id?: string | null; is_sandbox?: boolean }) =>
  removeEmptyValues({ type: (args.is_sandbox ?? true) ? "sandbox" : "production", customer_id: args.customer_id, pg_codes: args.pg_codes, agreement_id: args.agreement_id });

const getPaymentMethods = async (payload: Record<string, unknown>, authorization = apiKey, style?: "httpx-0.23" | "httpx-0.28") =>
  ottuPyResult(await httpxRequest(base, "POST", "/b/pbl/v2/payment-methods/", authorization, jsonBody(payload, style)), "/b/pbl/v2/payment-methods/");
const getCards = async (payload: Record<string, unknown>, authorization = apiKey) =>
  ottuPyResult(await httpxRequest(base, "POST", "/b/pbl/v2/card/", authorization, jsonBody(payload)), "/b/pbl/v2/card/");
/** Card.delete: the token in the path, customer_id and type as httpx query parameters (None as an empty value). */
const deleteCard = async (token: string, customerId: string | null, authorization = apiKey) =>
  ottuPyResult(
    await httpxRequest(base, "DELETE", `/b/pbl/v2/card/${token}/?${httpxQuery({ customer_id: customerId, type: "sandbox" })}`, authorization),
    `/b/pbl/v2/card/${token}/`,
  );

describe("the reproduction", () => {
  it("builds ottu-py's payloads: falsy values and tokenizable=False dropped, type from is_sandbox", () => {
    expect(pythonJson(paymentMethodsPayload({ plugin: "e_commerce", currencies: ["KWD"] }))).toBe('{"plugin": "e_commerce", "currencies": ["KWD"], "type": "sandbox"}');
    expect(
      pythonJson(
        paymentMethodsPayload({ plugin: "e_commerce", currencies: ["KWD"], customer_id: "c1", operation: "purchase", tokenizable: true, pg_names: ["sandbox"], is_sandbox: false }),
      ),
    ).toBe('{"plugin": "e_commerce", "currencies": ["KWD"], "customer_id": "c1", "operation": "purchase", "tokenizable": true, "pg_names": ["sandbox"], "type": "production"}');
    expect(pythonJson(cardsPayload({ customer_id: "c1", pg_codes: [], agreement_id: null }))).toBe('{"type": "sandbox", "customer_id": "c1"}');
    expect(httpxQuery({ customer_id: null, type: "sandbox" })).toBe("customer_id=&type=sandbox");
  });
});

describe("Ottu.get_payment_methods", () => {
  it("with every argument: the gateways and the customer's cards on them", async () => {
    const payload = paymentMethodsPayload({
      plugin: "e_commerce",
      currencies: ["KWD"],
      customer_id: "test-customer-jpg",
      operation: "purchase",
      tokenizable: true,
      pg_names: ["sandbox"],
    });
    const result = await getPaymentMethods(payload);
    expect(result).toMatchObject({ success: true, status_code: 200, endpoint: "/b/pbl/v2/payment-methods/", error: {} });
    paymentMethodsAnswerSchema.parse(result.response);
    expect(result.response.payment_methods).toEqual([
      expect.objectContaining({ code: "ottu_pg_kwd_tkn", pg: "sandbox", is_sandbox: true, wallets: [], default_currency: "KWD", accepted_currencies: ["KWD", "USD"], operation: "purchase", operations: ["refund"] }),
    ]);
    expect(result.response.customer_payment_methods).toEqual([
      expect.objectContaining({ token: "9918766711067353", pg_code: "ottu_pg_kwd_tkn", number: "**** 0026", expiry_month: "01", expiry_year: "39", is_preferred: true }),
    ]);
  });

  it("as Session.get_pg_codes and get_auto_debit_pg_codes call it; ottu-py takes the codes", async () => {
    const pgCodes = (result: Awaited<ReturnType<typeof getPaymentMethods>>) => result.response.payment_methods.map((m: { code: string }) => m.code);
    // checkout_autoflow: tokenizable=False (dropped), the one currency, sandbox.
    expect(pgCodes(await getPaymentMethods(paymentMethodsPayload({ plugin: "e_commerce", currencies: ["KWD"] })))).toEqual(["card-auth", "knet", "ottu_pg_kwd_tkn"]);
    // auto_debit_autoflow: only gateways that save cards.
    expect(pgCodes(await getPaymentMethods(paymentMethodsPayload({ plugin: "payment_request", currencies: ["KWD"], tokenizable: true })))).toEqual(["card-auth", "ottu_pg_kwd_tkn"]);
    expect(pgCodes(await getPaymentMethods(paymentMethodsPayload({ plugin: "e_commerce", currencies: ["KWD"], is_sandbox: false }), apiKey, "httpx-0.28"))).toEqual(["live"]);
    expect(pgCodes(await getPaymentMethods(paymentMethodsPayload({ plugin: "e_commerce", currencies: ["USD"] }), clerk))).toEqual(["ottu_pg_kwd_tkn"]);
  });

  it("reports a field error ottu-py can show", async () => {
    const result = await getPaymentMethods(paymentMethodsPayload({ plugin: "shop", currencies: ["KW"] }));
    expect(result).toMatchObject({ success: false, status_code: 400, response: {} });
    expect(Object.keys(result.error).sort()).toEqual(["currencies", "plugin"]);
  });
});

describe("Card.list / get / delete", () => {
  it("list: a bare array of the customer's cards of the sandbox type, as Ottu's fixture has them", async () => {
    const result = await getCards(cardsPayload({ customer_id: "test-customer-jpg" }));
    expect(result).toMatchObject({ success: true, status_code: 200, endpoint: "/b/pbl/v2/card/", error: {} });
    expect(Array.isArray(result.response)).toBe(true);
    for (const card of result.response) cardSchema.parse(card);
    expect(result.response).toEqual([
      {
        customer_id: "test-customer-jpg",
        brand: "VISA",
        name_on_card: "ASDFFFF",
        number: "**** 0026",
        expiry_month: "01",
        expiry_year: "39",
        token: "9918766711067353",
        pg_code: "ottu_pg_kwd_tkn",
        is_preferred: true,
        is_expired: false,
        will_expire_soon: false,
        cvv_required: true,
        agreements: [],
      },
      expect.objectContaining({ token: "9918766711067354", pg_code: "card-auth", is_preferred: false }),
    ]);
    const production = await getCards(cardsPayload({ customer_id: "test-customer-jpg", is_sandbox: false }));
    expect(production.response.map((c: { token: string }) => c.token)).toEqual(["9918766711067355"]);
    const filtered = await getCards(cardsPayload({ customer_id: "test-customer-jpg", pg_codes: ["card-auth"], agreement_id: null }));
    expect(filtered.response.map((c: { token: string }) => c.token)).toEqual(["9918766711067354"]);
  });

  it("list without a customer_id (Ottu(customer_id=None)): a field error", async () => {
    const result = await getCards(cardsPayload({ customer_id: null }));
    expect(result).toEqual({ success: false, status_code: 400, endpoint: "/b/pbl/v2/card/", response: {}, error: { customer_id: ["This field is required."] } });
  });

  it("get: the first card of the list is the preferred one; a Basic user's first is on their gateway", async () => {
    expect((await getCards(cardsPayload({ customer_id: "test-customer-jpg" }))).response[0]).toMatchObject({ token: "9918766711067353", is_preferred: true });
    expect((await getCards(cardsPayload({ customer_id: "test-customer-jpg", pg_codes: ["card-auth"] }), clerk)).response).toEqual([]);
    expect((await getCards(cardsPayload({ customer_id: "nobody" }))).response).toEqual([]);
  });

  it("delete: 204 read as {}, the card gone; again, and another customer's, a 404 ottu-py reports", async () => {
    const foreign = await deleteCard("9918766711067354", "another-customer");
    expect(foreign).toMatchObject({ success: false, status_code: 404, response: {} });
    expect(foreign.error.detail).toMatch(/No saved card/);

    const deleted = await deleteCard("9918766711067354", "test-customer-jpg");
    expect(deleted).toEqual({ success: true, status_code: 204, endpoint: "/b/pbl/v2/card/9918766711067354/", response: {}, error: {} });
    const left = await getCards(cardsPayload({ customer_id: "test-customer-jpg" }));
    expect(left.response.map((c: { token: string }) => c.token)).toEqual(["9918766711067353"]);
    expect((await deleteCard("9918766711067354", "test-customer-jpg")).status_code).toBe(404);
  });

  it("delete without a customer_id: httpx sends it empty, a field error", async () => {
    const result = await deleteCard("9918766711067353", null);
    expect(result).toMatchObject({ success: false, status_code: 400, error: { customer_id: ["This field is required."] } });
  });
});
