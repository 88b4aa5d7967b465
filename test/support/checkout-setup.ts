import * as collection from "@/app/b/checkout/v1/pymt-txn/route";
import * as item from "@/app/b/checkout/v1/pymt-txn/[sessionId]/route";
import * as attachments from "@/app/b/checkout/v1/attachments/[token]/route";
import * as upload from "@/app/b/checkout/v1/upload-attachment/route";
import * as qrCode from "@/app/b/checkout/v1/qr/[file]/route";
import * as shortLink from "@/app/b/[code]/route";
import * as autoDebit from "@/app/b/pbl/v2/auto-debit/route";
import * as card from "@/app/b/pbl/v2/card/route";
import * as inquiry from "@/app/b/pbl/v2/inquiry/route";
import * as operation from "@/app/b/pbl/v2/operation/route";
import * as paymentMethods from "@/app/b/pbl/v2/payment-methods/route";
import * as sdkSetup from "@/app/b/checkout/api/sdk/v1/pymt-txn/submit/[sessionId]/route";
import * as sdkSubmit from "@/app/b/checkout/api/sdk/v1/submit/[sessionId]/route";
import { createAdminUser } from "@/lib/access/admin-users/create-admin-user";
import { createApiKey } from "@/lib/access/api-keys/create-api-key";
import { addCurrency } from "@/lib/config/currencies/add-currency";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { serveRoutes } from "./http-server";
import { testContext } from "./test-context";

/**
 * The checkout API (and the operations, inquiry, payment-methods, card and auto-debit endpoints, attachment uploads,
 * QR codes, short links and the Checkout SDK's two endpoints) served over HTTP on this file's database, with currencies, gateways (purchase, authorize,
 * KWD-only with fees), an API key and a Basic user limited to one gateway.
 */
export async function startCheckoutApi() {
  const ctx = testContext();
  for (const [code, decimals] of [["KWD", 3], ["USD", 2], ["EUR", 2], ["JPY", 0]] as const) {
    await addCurrency({ ctx, input: { code, decimals } });
  }
  await createGatewaySetting({ ctx, input: { code: "card", name: "Card", pg: "sandbox", currencies: ["KWD", "USD", "JPY"] } });
  await createGatewaySetting({ ctx, input: { code: "card-auth", pg: "sandbox", currencies: ["KWD", "USD"], operation: "authorize" } });
  await createGatewaySetting({
    ctx,
    input: { code: "knet", name: "KNET", pg: "sandbox", currencies: ["KWD"], feeFixed: "0.250", feePercent: "1.5" },
  });
  const { key } = await createApiKey({ ctx, input: { name: "tests" } });
  await createAdminUser({ ctx, input: { username: "clerk", password: "clerk-password", gatewayCodes: ["card"] } });
  const base = await serveRoutes([
    { path: "/b/checkout/v1/pymt-txn", module: collection },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: item },
    { path: "/b/checkout/v1/attachments/[token]", module: attachments },
    { path: "/b/checkout/v1/upload-attachment", module: upload },
    { path: "/b/checkout/v1/qr/[file]", module: qrCode },
    { path: "/b/pbl/v2/operation", module: operation },
    { path: "/b/pbl/v2/inquiry", module: inquiry },
    { path: "/b/pbl/v2/payment-methods", module: paymentMethods },
    { path: "/b/pbl/v2/card", module: card },
    { path: "/b/pbl/v2/auto-debit", module: autoDebit },
    { path: "/b/checkout/api/sdk/v1/pymt-txn/submit/[sessionId]", module: sdkSetup },
    { path: "/b/checkout/api/sdk/v1/submit/[sessionId]", module: sdkSubmit },
    // Last: it takes any one segment under /b/, as Next.js gives it only what no static segment takes.
    { path: "/b/[code]", module: shortLink },
  ]);
  const apiKey = `Api-Key ${key}`;
  const basic = `Basic ${Buffer.from("clerk:clerk-password").toString("base64")}`;
  const url = `${base}/b/checkout/v1/pymt-txn/`;

  async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }
  const create = (body: unknown, headers: Record<string, string> = {}) => send("POST", "/b/checkout/v1/pymt-txn/", body, headers);
  return { ctx, base, url, apiKey, basic, key, send, create };
}
