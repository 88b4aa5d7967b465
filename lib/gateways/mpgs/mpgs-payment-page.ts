import { randomBytes } from "node:crypto";
import type { GatewaySetting } from "@/db/types";
import { signedFor } from "@/lib/gateways/signed-return-url";
import { mpgsCredentials, mpgsOrigin } from "./mpgs-setting";

/**
 * Our page leg: MPGS's Hosted Checkout is opened by its checkout.js (Checkout.configure with the session id, then
 * Checkout.showPaymentPage, which sends the whole window to MPGS's page). Only for our signed address of an
 * attempt that has a session; its own CSP allows the gateway's script and nothing else.
 */
export function mpgsPaymentPage(gateway: GatewaySetting, attempt: { gatewayResponse: Record<string, unknown> | null }, params: Record<string, string>): Response | null {
  const session = attempt.gatewayResponse?.checkout_session;
  if (!signedFor(gateway, params, "page") || typeof session !== "string") return null;
  const origin = mpgsOrigin(mpgsCredentials(gateway));
  const nonce = randomBytes(16).toString("base64");
  // The session id was checked to be [A-Za-z0-9_-] when the payment started: safe inside a JS string.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment</title>
<script nonce="${nonce}">window.mpgsFailed = function () { document.getElementById("status").textContent = "The payment page could not be opened. Go back and try again."; };</script>
<script nonce="${nonce}" src="${origin}/static/checkout/checkout.min.js" data-error="mpgsFailed"></script>
<script nonce="${nonce}">Checkout.configure({ session: { id: "${session}" } }); Checkout.showPaymentPage();</script>
</head><body><p id="status" data-session="${session}">Opening the payment page…</p><noscript>The payment page needs JavaScript.</noscript></body></html>`;
  const policy = `default-src 'none'; script-src 'nonce-${nonce}' ${origin}; connect-src ${origin}; frame-src ${origin}; img-src ${origin} data:; style-src 'unsafe-inline' ${origin}; form-action ${origin}; base-uri 'none'; frame-ancestors 'none'`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": policy, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}
