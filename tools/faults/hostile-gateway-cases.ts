import { randomBytes, randomUUID } from "node:crypto";
import Stripe from "stripe";
import { signSandboxMessage } from "@/lib/gateways/sandbox/sandbox-signature";
import { FAULT_URL } from "./fault-app";
import type { GatewayPayments } from "./hostile-gateway-fixtures";
import { MPGS_MERCHANT, STRIPE_KEYS } from "./hostile-gateway-fixtures";
import { acknowledged, hit, jsonError } from "./hostile-http";
import type { HostileCase } from "./hostile-case";

const gatewayUrl = (pg: string, leg: "callback" | "return" | "page", query = "") => `${FAULT_URL}/b/checkout/gateway/${pg}/${leg}/${query}`;
const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  hit(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
const postForm = (url: string, body: string) => hit(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });

// A genuine message that arrives late or again is recorded as seen (gateway_messages) and changes nothing else.
const SEEN = ["gateway_messages"];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Sandbox messages signed as the gateway signs them (with the setting's secret), or forged. */
function sandboxCases({ sandbox }: GatewayPayments): HostileCase[] {
  const message = (ref: string, result = "CAPTURED", issuedAt = new Date()) => ({ ref, result, message_id: randomUUID(), issued_at: issuedAt.toISOString() });
  const signed = (fields: Record<string, string>) => signSandboxMessage(sandbox.secret, fields);
  const forged = (fields: Record<string, string>) => signSandboxMessage("not-the-secret", fields);
  const callback = (body: unknown) => () => postJson(gatewayUrl("sandbox", "callback"), body);
  const replayed = signed(message(sandbox.paid));
  const surface = "sandbox callback";
  return [
    { surface, name: "forged signature, open attempt", send: callback(forged(message(sandbox.open))), expect: jsonError(400) },
    { surface, name: "no signature", send: callback(message(sandbox.open)), expect: jsonError(400) },
    { surface, name: "another message's signature", send: callback({ ...signed(message(sandbox.paid)), ref: sandbox.open }), expect: jsonError(400) },
    { surface, name: "signed, unknown attempt", send: callback(signed(message("R-unknown-0001"))), expect: jsonError(400) },
    { surface, name: "signed, sent to the knet path", send: () => postJson(gatewayUrl("knet", "callback"), signed(message(sandbox.open))), expect: jsonError(400) },
    { surface, name: "signed, unknown gateway path", send: () => postJson(gatewayUrl("nope", "callback"), signed(message(sandbox.open))), expect: jsonError(400) },
    { surface, name: "signed two days ago", send: callback(signed(message(sandbox.open, "CAPTURED", new Date(Date.now() - 2 * DAY_MS)))), expect: jsonError(400) },
    { surface, name: "signed a day ahead", send: callback(signed(message(sandbox.open, "CAPTURED", new Date(Date.now() + DAY_MS)))), expect: jsonError(400) },
    { surface, name: "late callback after the return", send: callback(replayed), expect: acknowledged, mayChange: SEEN },
    { surface, name: "the same callback replayed", send: callback(replayed), expect: jsonError(400) },
    { surface, name: "signed failure after a success", send: callback(signed(message(sandbox.paid, "NOT CAPTURED"))), expect: acknowledged, mayChange: SEEN },
    { surface, name: "forged failure after a success", send: callback(forged(message(sandbox.paid, "NOT CAPTURED"))), expect: jsonError(400) },
    { surface: "sandbox return", name: "the return replayed", send: () => hit(sandbox.paidReturnUrl), expect: jsonError(400) },
    {
      surface: "sandbox return",
      name: "forged cancel of an open attempt",
      send: () => hit(gatewayUrl("sandbox", "return", `?${new URLSearchParams(forged(message(sandbox.open, "CANCELED")))}`)),
      expect: jsonError(400),
    },
  ];
}

/** KNET's response leg (encrypted trandata) replayed, altered or made up; its unauthenticated error leg. */
function knetCases({ knet }: GatewayPayments): HostileCase[] {
  const genuine = new URLSearchParams(knet.paidResponse.body);
  const trandata = genuine.get("trandata")!;
  const flipped = trandata.slice(0, 10) + (trandata[10] === "0" ? "1" : "0") + trandata.slice(11);
  const callback = (trackid: string, body: Record<string, string>) => () => postForm(gatewayUrl("knet", "callback", `?trackid=${trackid}`), new URLSearchParams(body).toString());
  const surface = "knet callback";
  return [
    { surface, name: "the response leg replayed", send: () => postForm(knet.paidResponse.url, knet.paidResponse.body), expect: jsonError(400) },
    { surface, name: "made-up trandata, open attempt", send: callback(knet.open, { trandata: randomBytes(96).toString("hex"), trackid: knet.open }), expect: jsonError(400) },
    { surface, name: "altered trandata", send: callback(knet.paid, { ...Object.fromEntries(genuine), trandata: flipped }), expect: jsonError(400) },
    { surface, name: "another attempt's trandata", send: callback(knet.open, { ...Object.fromEntries(genuine), trackid: knet.open }), expect: jsonError(400) },
    { surface, name: "no track id", send: () => postForm(gatewayUrl("knet", "callback"), `trandata=${trandata}`), expect: jsonError(400) },
    {
      // Anyone can send the clear error leg: it only makes us ask KNET, which has no result for the open attempt.
      surface,
      name: "error leg for an open attempt",
      send: callback(knet.open, { Error: "IPAY0100013", ErrorText: "<b>forged</b>", trackid: knet.open }),
      expect: acknowledged,
      mayChange: SEEN,
    },
    { surface, name: "error leg after a success", send: callback(knet.paid, { Error: "IPAY0100013", ErrorText: "forged", trackid: knet.paid }), expect: acknowledged, mayChange: SEEN },
    { surface: "knet return", name: "made-up trandata", send: () => hit(gatewayUrl("knet", "return", `?trackid=${knet.open}&trandata=${randomBytes(64).toString("hex")}`)), expect: jsonError(400) },
  ];
}

/** Stripe's webhook with a wrong, missing or stale signature, resent, or about another account's payment; our signed returns forged. */
function stripeCases({ stripe }: GatewayPayments): HostileCase[] {
  const event = (reference: string) =>
    JSON.stringify({ id: `evt_${randomUUID()}`, object: "event", type: "checkout.session.completed", data: { object: { object: "checkout.session", metadata: { reference_number: reference } } } });
  const signedWith = (payload: string, secret: string, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  const webhook = (payload: string, signature?: string) => () => postJson(gatewayUrl("stripe", "callback"), payload, signature ? { "stripe-signature": signature } : {});
  const open = event(stripe.open);
  const paid = stripe.paidEvent.payload;
  const returnQuery = new URL(stripe.paidReturnUrl).searchParams;
  const surface = "stripe callback";
  return [
    { surface, name: "signed with another secret", send: webhook(open, signedWith(open, "whsec_forged")), expect: jsonError(400) },
    { surface, name: "no signature", send: webhook(open), expect: jsonError(400) },
    { surface, name: "signed 10 minutes ago", send: webhook(open, signedWith(open, STRIPE_KEYS.webhook_signing_secret, Math.floor(Date.now() / 1000) - 600)), expect: jsonError(400) },
    { surface, name: "the paid event resent", send: webhook(paid, signedWith(paid, STRIPE_KEYS.webhook_signing_secret)), expect: acknowledged },
    { surface, name: "signed, unknown payment", send: webhook(event("R-unknown-0001"), signedWith(event("R-unknown-0001"), STRIPE_KEYS.webhook_signing_secret)), expect: acknowledged },
    { surface, name: "not JSON", send: webhook("<xml/>", signedWith("<xml/>", STRIPE_KEYS.webhook_signing_secret)), expect: jsonError(400) },
    {
      surface: "stripe return",
      name: "forged cancel of an open attempt",
      send: () => hit(gatewayUrl("stripe", "return", `?ref=${stripe.open}&cancel=1&sig=${"0".repeat(64)}`)),
      expect: jsonError(400),
    },
    {
      surface: "stripe return",
      name: "another attempt's signature",
      send: () => hit(gatewayUrl("stripe", "return", `?ref=${stripe.open}&sig=${returnQuery.get("sig")}`)),
      expect: jsonError(400),
    },
    { surface: "stripe return", name: "the return reloaded", send: () => hit(stripe.paidReturnUrl), expect: acknowledged },
  ];
}

/** MPGS's notifications without or with a wrong X-Notification-Secret; its returns with another session's resultIndicator or forged. */
function mpgsCases({ mpgs }: GatewayPayments): HostileCase[] {
  const notify = (payload: string, secret?: string) => () =>
    postJson(gatewayUrl("mpgs", "callback"), payload, secret === undefined ? {} : { "x-notification-secret": secret });
  const paid = mpgs.paidNotification.payload;
  const forOpen = paid.replaceAll(mpgs.paid, mpgs.open);
  const paidIndicator = new URL(mpgs.paidReturnUrl).searchParams.get("resultIndicator")!;
  const withIndicator = (url: string, indicator: string | null) => {
    const u = new URL(url);
    if (indicator === null) u.searchParams.delete("resultIndicator");
    else u.searchParams.set("resultIndicator", indicator);
    return u.toString();
  };
  const surface = "mpgs callback";
  return [
    { surface, name: "no notification secret, open attempt", send: notify(forOpen), expect: jsonError(400) },
    { surface, name: "a wrong notification secret, open attempt", send: notify(forOpen, "notTheNotificationSecret0"), expect: jsonError(400) },
    { surface, name: "a wrong secret after a success", send: notify(paid, "notTheNotificationSecret0"), expect: jsonError(400) },
    { surface, name: "the paid notification resent", send: notify(paid, MPGS_MERCHANT.notification_secret), expect: acknowledged },
    {
      surface,
      name: "the right secret, an order not ours",
      send: notify(paid.replaceAll(mpgs.paid, "POSORDER0001"), MPGS_MERCHANT.notification_secret),
      expect: acknowledged,
    },
    { surface: "mpgs return", name: "another session's resultIndicator", send: () => hit(withIndicator(mpgs.openReturnUrl, paidIndicator)), expect: jsonError(400) },
    { surface: "mpgs return", name: "no resultIndicator", send: () => hit(withIndicator(mpgs.openReturnUrl, null)), expect: jsonError(400) },
    { surface: "mpgs return", name: "made-up resultIndicator", send: () => hit(withIndicator(mpgs.openReturnUrl, randomBytes(8).toString("hex"))), expect: jsonError(400) },
    {
      surface: "mpgs return",
      name: "the paid return's indicator under the open attempt's reference",
      send: () => hit(withIndicator(mpgs.paidReturnUrl, paidIndicator).replace(`ref=${mpgs.paid}`, `ref=${mpgs.open}`)),
      expect: jsonError(400),
    },
    {
      surface: "mpgs return",
      name: "forged cancel of an open attempt",
      send: () => hit(gatewayUrl("mpgs", "return", `?ref=${mpgs.open}&cancel=1&sig=${"0".repeat(64)}`)),
      expect: jsonError(400),
    },
    { surface: "mpgs return", name: "the return reloaded", send: () => hit(withIndicator(mpgs.paidReturnUrl, paidIndicator)), expect: acknowledged },
    { surface: "mpgs page", name: "another attempt's page signature", send: () => hit(gatewayUrl("mpgs", "page", `?ref=${mpgs.open}&sig=${"0".repeat(64)}`)), expect: jsonError(404) },
  ];
}

export const gatewayCases = (payments: GatewayPayments): HostileCase[] => [
  ...sandboxCases(payments),
  ...knetCases(payments),
  ...stripeCases(payments),
  ...mpgsCases(payments),
];
