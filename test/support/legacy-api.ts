import * as eCommerceRoute from "@/app/pos/crt/route";
import * as paymentRequestRoute from "@/app/pos/d/crt/route";
import * as item from "@/app/b/checkout/v1/pymt-txn/[sessionId]/route";
import { createAdminUser } from "@/lib/access/admin-users/create-admin-user";
import { setAdminUserActive } from "@/lib/access/admin-users/set-admin-user-active";
import { createApiKey } from "@/lib/access/api-keys/create-api-key";
import { addCurrency } from "@/lib/config/currencies/add-currency";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { call, type RawResponse } from "./checkout-samples";
import { basicAuth } from "./factories";
import { serveRoutes } from "./http-server";
import { testContext } from "./test-context";

export const EC = "/pos/crt/";
export const PR = "/pos/d/crt/";
/** The four paths, each with its variant by default. */
export const PATHS = [
  ["/pos/crt/", "e_commerce"],
  ["/pos/crt", "e_commerce"],
  ["/pos/d/crt/", "payment_request"],
  ["/pos/d/crt", "payment_request"],
] as const;

/**
 * The legacy /pos/ interface (and the checkout's GET) served over HTTP on this file's database: KWD, USD and
 * JPY; gateways `card` (KWD, USD), `knet` (KWD, authorize) and `usd-only`; an API key; a Basic user limited to
 * `card`; an active admin user (the initiator of payment requests) and a disabled one; default URLs set.
 */
export async function startLegacyApi() {
  const ctx = testContext();
  for (const [code, decimals] of [["KWD", 3], ["USD", 2], ["JPY", 0]] as const) await addCurrency({ ctx, input: { code, decimals } });
  await createGatewaySetting({ ctx, input: { code: "card", name: "Card", pg: "sandbox", currencies: ["KWD", "USD"] } });
  await createGatewaySetting({ ctx, input: { code: "knet", name: "KNET", pg: "sandbox", currencies: ["KWD"], operation: "authorize" } });
  await createGatewaySetting({ ctx, input: { code: "usd-only", pg: "sandbox", currencies: ["USD"] } });
  const { key } = await createApiKey({ ctx, input: { name: "legacy tests" } });
  await createAdminUser({ ctx, input: { username: "clerk", password: "clerk-password", gatewayCodes: ["card"], permissions: ["create"] } });
  const initiator = await createAdminUser({ ctx, input: { username: "initiator", password: "initiator-password" } });
  const disabled = await createAdminUser({ ctx, input: { username: "gone", password: "gone-password-1" } });
  await setAdminUserActive({ ctx, input: { id: disabled.id, active: false } });
  await updateSettings({
    ctx,
    input: { defaultRedirectUrl: "https://shop.example/return", defaultDisclosureUrl: "https://shop.example/disclosure" },
  });
  const base = await serveRoutes([
    { path: "/pos/crt", module: eCommerceRoute },
    { path: "/pos/d/crt", module: paymentRequestRoute },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: item },
  ]);
  const apiKey = `Api-Key ${key}`;
  const basic = basicAuth("clerk", "clerk-password");

  /** A JSON POST with the API key unless other headers are given. */
  const postJson = (path: string, body: unknown, headers: Record<string, string> = { authorization: apiKey }): Promise<RawResponse> =>
    call(base, "POST", path, { body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });
  /** A form POST, the way old shop plugins send one (every value a string). */
  const postForm = (path: string, body: Record<string, string>, headers: Record<string, string> = { authorization: apiKey }): Promise<RawResponse> =>
    call(base, "POST", path, { body: new URLSearchParams(body).toString(), headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

  const row = (sessionId: string) => ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
  return { ctx, base, apiKey, basic, initiatorId: initiator.id, disabledId: disabled.id, postJson, postForm, row };
}

/** The smallest e-commerce request. */
export const eCommerce = (extra: Record<string, unknown> = {}) => ({ amount: "10", currency_code: "KWD", gateway_code: "card", ...extra });

/** The smallest payment request, from the given initiator. */
export const paymentRequest = (initiator: string, extra: Record<string, unknown> = {}) => ({
  amount: "10",
  currency_code: "KWD",
  customer_email: "sara@example.com",
  initiator,
  ...extra,
});
