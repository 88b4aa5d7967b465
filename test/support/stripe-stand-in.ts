import { randomBytes } from "node:crypto";
import type http from "node:http";
import Stripe from "stripe";
import { backgroundDeliveries, listenStandIn, type StandInAnswer } from "./stand-in-server";

/**
 * Stripe, as far as this service uses it, on 127.0.0.1: Checkout Sessions (create, retrieve, expire), PaymentIntents
 * (retrieve, capture, cancel) and Refunds (create, list) under /v1 with form-encoded bodies as the SDK sends them,
 * Bearer key checks (401 as Stripe answers), Idempotency-Key replays, and a hosted payment page per session at
 * /c/pay/{id} with approve / decline buttons and a back link. A session's `expires_at` is checked as Stripe checks
 * it (30 minutes to 24 hours ahead; 24 hours when not given), and an open session past it expires when next used
 * (a test moves `sessions.get(id).expires_at` back to get there without waiting). What happens sends the signed
 * webhook events Stripe would (signed with the SDK's own test helper) to `webhookUrl`. Used by the Vitest files and, through
 * e2e/support/stripe-stand-in-server.ts, by the Playwright specs. No Vitest here: the caller closes it.
 */

type Json = Record<string, unknown>;
type Answer = { status: number; body: unknown };

export interface StandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events go (the app's /b/checkout/gateway/stripe/callback/); unset: events are only kept. */
  webhookUrl?: string;
  port?: number;
}

export interface SentEvent {
  id: string;
  type: string;
  payload: string;
  /** The callback's HTTP status, or null when it was not sent (no webhookUrl) or could not be. */
  status: number | null;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: Json;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const error = (status: number, type: string, message: string, extra: Json = {}): Answer => ({ status, body: { error: { type, message, ...extra } } });

/** `a[b][0]=x` form fields (and query strings) as the nested object the SDK encoded; arrays stay keyed "0", "1"… */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return root;
}

const DECLINE = { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." };

export async function startStripeStandIn(options: StandInOptions) {
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: ReceivedRequest[] = [];
  const events: SentEvent[] = [];
  const deliveries = backgroundDeliveries();
  const control: { webhookUrl?: string; respond?: (request: ReceivedRequest) => StandInAnswer | undefined } = { webhookUrl: options.webhookUrl };
  let base = "";

  const intentView = (intent: Json, expand: string[]): Json => {
    const charge = intent.latest_charge ? charges.get(String(intent.latest_charge)) : null;
    return { ...intent, latest_charge: charge && expand.some((e) => e.endsWith("latest_charge")) ? charge : (intent.latest_charge ?? null) };
  };
  const sessionView = (session: Json, expand: string[]): Json => {
    const intent = session.payment_intent ? intents.get(String(session.payment_intent)) : null;
    return { ...session, payment_intent: intent && expand.some((e) => e.startsWith("payment_intent")) ? intentView(intent, expand) : (session.payment_intent ?? null) };
  };

  /** Signs and posts an event as Stripe does, in the background (our API answers do not wait for the app). */
  function emit(type: string, object: Json): SentEvent {
    const event = { id: id("evt"), object: "event", api_version: Stripe.API_VERSION, created: now(), type, livemode: false, pending_webhooks: 1, data: { object } };
    const sent: SentEvent = { id: event.id, type, payload: JSON.stringify(event), status: null };
    events.push(sent);
    deliveries.track(deliver(sent));
    return sent;
  }

  /** Sends an event (again): a fresh signature each time, as Stripe signs every delivery. */
  async function deliver(sent: SentEvent, secret = options.webhookSecret): Promise<void> {
    if (!control.webhookUrl) return;
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: sent.payload, secret });
    try {
      const res = await fetch(control.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: sent.payload });
      sent.status = res.status;
      await res.arrayBuffer();
    } catch {
      sent.status = null;
    }
  }

  function newIntent(session: Json): Json {
    const intent: Json = {
      id: id("pi"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: 0,
      currency: session.currency,
      capture_method: session.capture_method,
      status: "requires_payment_method",
      metadata: session.intent_metadata,
      latest_charge: null,
      last_payment_error: null,
      created: now(),
      livemode: false,
    };
    intents.set(String(intent.id), intent);
    session.payment_intent = intent.id;
    return intent;
  }

  function newCharge(intent: Json, paid: boolean): Json {
    const charge: Json = {
      id: id("ch"),
      object: "charge",
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      currency: intent.currency,
      payment_intent: intent.id,
      paid,
      captured: false,
      status: paid ? "succeeded" : "failed",
      failure_code: paid ? null : DECLINE.code,
      failure_message: paid ? null : DECLINE.message,
      payment_method_details: { type: "card", card: { brand: "visa", last4: paid ? "4242" : "0002", exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 } },
    };
    charges.set(String(charge.id), charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  /** The customer's answer on the hosted page; returns where the browser goes, or null to show the page again. */
  function pay(session: Json, action: string): string | null {
    if (session.status !== "open") return null;
    const intent = session.payment_intent ? intents.get(String(session.payment_intent))! : newIntent(session);
    if (action === "decline") {
      newCharge(intent, false);
      Object.assign(intent, { status: "requires_payment_method", last_payment_error: DECLINE });
      emit("payment_intent.payment_failed", intent);
      return null;
    }
    const charge = newCharge(intent, true);
    const manual = intent.capture_method === "manual";
    Object.assign(intent, { status: manual ? "requires_capture" : "succeeded", amount_capturable: manual ? intent.amount : 0, amount_received: manual ? 0 : intent.amount, last_payment_error: null });
    Object.assign(charge, { captured: !manual, amount_captured: manual ? 0 : intent.amount });
    Object.assign(session, { status: "complete", payment_status: manual ? "unpaid" : "paid" });
    emit("checkout.session.completed", sessionView(session, []));
    return String(session.success_url);
  }

  /** Stripe expires an open session at its expires_at by itself; here, when the session is next looked at. */
  function lapse(session: Json | undefined): void {
    if (session?.status === "open" && now() >= Number(session.expires_at)) expireSession(session, []);
  }

  function createSession(body: Json): Answer {
    const item = ((body.line_items as Json | undefined)?.["0"] ?? {}) as Json;
    const price = (item.price_data ?? {}) as Json;
    const amount = Number(price.unit_amount);
    if (body.mode !== "payment" || !price.currency || !Number.isInteger(amount) || amount <= 0) {
      return error(400, "invalid_request_error", "Invalid line_items or mode.", { param: "line_items" });
    }
    if (["bhd", "jod", "kwd", "omr", "tnd"].includes(String(price.currency)) && amount % 10 !== 0) {
      return error(400, "invalid_request_error", "Amounts in this currency must be multiples of 10.", { param: "line_items[0][price_data][unit_amount]" });
    }
    const expiresAt = body.expires_at === undefined ? now() + 24 * 3600 : Number(body.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < now() + 30 * 60 || expiresAt > now() + 24 * 3600) {
      return error(400, "invalid_request_error", "expires_at must be between 30 minutes and 24 hours after the Checkout Session's creation.", { param: "expires_at" });
    }
    const intentData = (body.payment_intent_data ?? {}) as Json;
    const session: Json = {
      id: id("cs"),
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: amount * Number(item.quantity ?? 1),
      currency: price.currency,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      locale: body.locale ?? null,
      payment_intent: null,
      created: now(),
      expires_at: expiresAt,
      livemode: false,
    };
    session.url = `${base}/c/pay/${session.id}`;
    sessions.set(String(session.id), session);
    // Kept out of the session's JSON (Stripe shows them on the PaymentIntent once it exists).
    Object.defineProperties(session, {
      capture_method: { value: intentData.capture_method ?? "automatic", enumerable: false },
      intent_metadata: { value: intentData.metadata ?? {}, enumerable: false },
    });
    return { status: 200, body: sessionView(session, []) };
  }

  function expireSession(session: Json, expand: string[]): Answer {
    if (session.status !== "open") {
      return error(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    }
    session.status = "expired";
    const intent = session.payment_intent ? intents.get(String(session.payment_intent)) : null;
    if (intent) Object.assign(intent, { status: "canceled", canceled_at: now(), cancellation_reason: "abandoned" });
    emit("checkout.session.expired", sessionView(session, []));
    return { status: 200, body: sessionView(session, expand) };
  }

  function capture(intent: Json, body: Json): Answer {
    if (intent.status !== "requires_capture") {
      return error(400, "invalid_request_error", `This PaymentIntent could not be captured because it has a status of ${intent.status}.`, { code: "payment_intent_unexpected_state" });
    }
    const amount = body.amount_to_capture === undefined ? Number(intent.amount) : Number(body.amount_to_capture);
    if (!(amount > 0 && amount <= Number(intent.amount_capturable))) {
      return error(400, "invalid_request_error", "The amount to capture is more than the amount capturable.", { param: "amount_to_capture" });
    }
    Object.assign(intent, { status: "succeeded", amount_received: amount, amount_capturable: 0, metadata: { ...(intent.metadata as Json), ...((body.metadata ?? {}) as Json) } });
    Object.assign(charges.get(String(intent.latest_charge))!, { captured: true, amount_captured: amount });
    return { status: 200, body: intentView(intent, []) };
  }

  function cancel(intent: Json): Answer {
    if (!["requires_capture", "requires_payment_method", "requires_confirmation", "requires_action"].includes(String(intent.status))) {
      return error(400, "invalid_request_error", `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, { code: "payment_intent_unexpected_state" });
    }
    Object.assign(intent, { status: "canceled", amount_capturable: 0, canceled_at: now(), cancellation_reason: "requested_by_customer" });
    return { status: 200, body: intentView(intent, []) };
  }

  function refund(body: Json): Answer {
    const intent = intents.get(String(body.payment_intent));
    if (!intent) return error(404, "invalid_request_error", `No such payment_intent: '${body.payment_intent}'`, { code: "resource_missing", param: "payment_intent" });
    const charge = charges.get(String(intent.latest_charge));
    if (intent.status !== "succeeded" || !charge) {
      return error(400, "invalid_request_error", "This PaymentIntent does not have a successful charge to refund.", { code: "charge_not_refundable" });
    }
    const left = Number(charge.amount_captured) - Number(charge.amount_refunded);
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (left === 0) return error(400, "invalid_request_error", `Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
    if (!(amount > 0 && amount <= left)) {
      return error(400, "invalid_request_error", `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, { code: "amount_too_large", param: "amount" });
    }
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    const made: Json = { id: id("re"), object: "refund", amount, currency: intent.currency, charge: charge.id, payment_intent: intent.id, status: "succeeded", metadata: body.metadata ?? {}, created: now() };
    refunds.set(String(made.id), made);
    return { status: 200, body: made };
  }

  /** The API: one answer per method and path, as Stripe gives it. */
  function answer(method: string, path: string, body: Json): Answer {
    const expand = Object.values((body.expand ?? {}) as Json).map(String);
    const parts = path.split("/").filter(Boolean); // ["v1", "checkout", "sessions", id, "expire"]
    const route = `${method} /${parts.map((p, i) => (/_test_/.test(p) && i > 1 ? ":id" : p)).join("/")}`;
    const session = sessions.get(parts[3] ?? "");
    lapse(session);
    const intent = intents.get(parts[2] ?? "");
    switch (route) {
      case "POST /v1/checkout/sessions":
        return createSession(body);
      case "GET /v1/checkout/sessions/:id":
        return session ? { status: 200, body: sessionView(session, expand) } : missing("checkout.session", parts[3]);
      case "POST /v1/checkout/sessions/:id/expire":
        return session ? expireSession(session, expand) : missing("checkout.session", parts[3]);
      case "GET /v1/payment_intents/:id":
        return intent ? { status: 200, body: intentView(intent, expand) } : missing("payment_intent", parts[2]);
      case "POST /v1/payment_intents/:id/capture":
        return intent ? capture(intent, body) : missing("payment_intent", parts[2]);
      case "POST /v1/payment_intents/:id/cancel":
        return intent ? cancel(intent) : missing("payment_intent", parts[2]);
      case "POST /v1/refunds":
        return refund(body);
      case "GET /v1/refunds": {
        const data = [...refunds.values()].filter((r) => !body.payment_intent || r.payment_intent === body.payment_intent).reverse();
        return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/refunds" } };
      }
      default:
        return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
    }
  }
  const missing = (kind: string, given: string | undefined) => error(404, "invalid_request_error", `No such ${kind}: '${given}'`, { code: "resource_missing" });

  function api(req: http.IncomingMessage, path: string, text: string): StandInAnswer {
    const query = new URL(req.url ?? "/", "http://x").search.slice(1);
    const body = parseForm(req.method === "GET" ? query : text);
    const request: ReceivedRequest = {
      method: req.method ?? "",
      path,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      body,
    };
    requests.push(request);
    const forced = control.respond?.(request);
    if (forced) return forced;
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      const given = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      return error(401, "invalid_request_error", `Invalid API Key provided: ${given.slice(0, 8)}********${given.slice(-4)}`);
    }
    if (req.method !== "POST" || !request.idempotencyKey) return answer(request.method, path, body);
    // A key names one request: the same again is answered as before; other parameters under it are refused.
    const key = `${options.secretKey}:${request.idempotencyKey}`;
    const fingerprint = `${req.method} ${path} ${text}`;
    const earlier = idempotent.get(key);
    if (earlier && earlier.fingerprint !== fingerprint) {
      return error(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with.`);
    }
    if (earlier) return earlier.answer;
    const fresh = answer(request.method, path, body);
    idempotent.set(key, { fingerprint, answer: fresh });
    return fresh;
  }

  function page(session: Json | undefined, notice: string | null): string {
    if (!session) return "<!doctype html><title>Not found</title><h1>Not found</h1>";
    const amount = `${session.amount_total} ${String(session.currency).toUpperCase()} (minor units)`;
    const body =
      session.status === "open"
        ? `<p>Pay ${amount}</p>${notice ? `<p role="alert">${notice}</p>` : ""}
<form method="post"><button name="action" value="approve">Pay (approve)</button> <button name="action" value="decline">Pay with a declined card</button></form>
<p><a href="${session.cancel_url}">← Back</a></p>`
        : `<p>This Checkout Session is no longer active (${session.status}).</p>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout stand-in</title></head><body><h1>Stripe Checkout stand-in</h1>${body}</body></html>`;
  }

  const server = await listenStandIn(
    options.port,
    (req, res, path, text) => {
      if (!path.startsWith("/c/pay/")) return api(req, path, text);
      const session = sessions.get(path.slice("/c/pay/".length));
      lapse(session);
      const next = req.method === "POST" && session ? pay(session, parseForm(text).action === "decline" ? "decline" : "approve") : null;
      if (next) {
        res.writeHead(303, { location: next }).end();
        return null;
      }
      const declined = req.method === "POST" && session?.status === "open" ? DECLINE.message : null;
      res.writeHead(session ? 200 : 404, { "content-type": "text/html; charset=utf-8" }).end(page(session, declined));
      return null;
    },
    () => ({ "request-id": id("req") }),
  );
  base = server.url;

  return {
    url: base,
    control,
    requests,
    events,
    sessions,
    intents,
    /** Sends an event again (a Stripe retry), or signed with another secret (a forgery). */
    deliver,
    /** Waits until every event sent so far has been answered by the app. */
    idle: deliveries.idle,
    close: server.close,
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
