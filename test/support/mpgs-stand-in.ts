import { randomBytes } from "node:crypto";
import type http from "node:http";
import { backgroundDeliveries, listenStandIn, type StandInAnswer } from "./stand-in-server";

/**
 * MPGS (Mastercard Payment Gateway Services), as far as this service uses it, on 127.0.0.1, built from its public
 * REST reference: INITIATE_CHECKOUT (PUT …/session), Retrieve Order and Retrieve Transaction (GET …/order/{id}[/
 * transaction/{id}]), REFUND, CAPTURE and VOID (PUT …/order/{id}/transaction/{id}) under /api/rest/version/{v}/
 * merchant/{merchantId}, with Basic auth `merchant.{id}:{password}` (401 REQUEST_REJECTED otherwise) and MPGS's
 * error shape ({"result":"ERROR","error":{"cause":"INVALID_REQUEST","explanation":…}}). A checkout.js at
 * /static/checkout/checkout.min.js sends the browser to a hosted page /checkout/pay/{session} whose buttons pay
 * with MPGS's published test outcomes (approved, declined, 3-D Secure failed, timed out) and whose cancel link goes
 * to the session's cancelUrl. What happens posts a webhook notification (the Retrieve Transaction answer, with
 * X-Notification-Secret) to the order's notificationUrl or `control.notificationUrl`. Used by the Vitest files and
 * the hostile-input experiment; no Vitest here: the caller closes it.
 */

type Json = Record<string, unknown>;
type Answer = { status: number; body: unknown };

export interface MpgsStandInOptions {
  merchantId: string;
  password: string;
  notificationSecret: string;
  port?: number;
}

export interface SentNotification {
  url: string;
  payload: string;
  /** The app's HTTP status, or null when it was not sent or could not be. */
  status: number | null;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Json;
}

interface Session {
  id: string;
  version: string;
  successIndicator: string;
  operation: "PURCHASE" | "AUTHORIZE";
  returnUrl: string;
  cancelUrl: string | null;
  order: { id: string; amount: string; currency: string; notificationUrl: string | null };
  done: boolean;
}

/** What a button on the hosted page does, by MPGS's test-card conventions (expiry 01/39 approves, 05/39 declines…). */
const OUTCOMES = {
  approve: { result: "SUCCESS", gatewayCode: "APPROVED", expiry: { month: "1", year: "39" } },
  decline: { result: "FAILURE", gatewayCode: "DECLINED", expiry: { month: "5", year: "39" } },
  timeout: { result: "FAILURE", gatewayCode: "TIMED_OUT", expiry: { month: "8", year: "28" } },
  "3ds-fail": { result: "FAILURE", gatewayCode: "DECLINED", expiry: { month: "1", year: "39" } },
} as const;
export type HostedChoice = keyof typeof OUTCOMES;

// ISO 4217 places for the currencies the tests use; MPGS refuses an amount with other places.
const PLACES: Record<string, number> = { KWD: 3, BHD: 3, OMR: 3, JOD: 3, USD: 2, EUR: 2, SAR: 2, AED: 2, QAR: 2, JPY: 0 };

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const invalid = (explanation: string, field?: string): Answer => ({
  status: 400,
  body: { result: "ERROR", error: { cause: "INVALID_REQUEST", explanation, ...(field ? { field, validationType: "INVALID" } : {}) } },
});
const units = (amount: string | number) => Math.round(Number(amount) * 1e6);

export async function startMpgsStandIn(options: MpgsStandInOptions) {
  const sessions = new Map<string, Session>();
  const orders = new Map<string, Json>();
  const requests: ReceivedRequest[] = [];
  const notifications: SentNotification[] = [];
  const deliveries = backgroundDeliveries();
  const control: {
    notificationUrl?: string;
    /** Notifications are kept, not sent. */
    hold?: boolean;
    /** An answer of the test's own instead of MPGS's: the request is not processed. */
    respond?: (request: ReceivedRequest) => StandInAnswer | undefined;
    /** The request is processed, but its answer never reaches the caller (a connection lost on the way back). */
    loseAnswer?: (request: ReceivedRequest) => boolean;
  } = {};
  let base = "";

  const transactionsOf = (order: Json) => order.transaction as Json[];
  // The order as Retrieve Order shows it (its notification address is ours to keep), and its summary without transactions.
  const ORDER_FIELDS = ["id", "amount", "currency", "status", "totalAuthorizedAmount", "totalCapturedAmount", "totalRefundedAmount", "creationTime", "sourceOfFunds"];
  const summaryOf = (order: Json): Json => Object.fromEntries(ORDER_FIELDS.filter((f) => f in order).map((f) => [f, order[f]]));
  const orderView = (order: Json): Json => ({ ...summaryOf(order), transaction: transactionsOf(order) });
  /** A transaction as Retrieve Transaction (and a notification) shows it: with its order's summary. */
  const transactionView = (order: Json, transaction: Json): Json => ({ ...transaction, order: summaryOf(order) });

  function notify(order: Json, transaction: Json): void {
    const url = control.notificationUrl ?? (order.notificationUrl as string | null);
    if (!url) return;
    const sent: SentNotification = { url, payload: JSON.stringify(transactionView(order, transaction)), status: null };
    notifications.push(sent);
    if (control.hold) return;
    deliveries.track(deliver(sent));
  }

  /** Posts a notification (again), with the merchant's secret, another one, or none (null). */
  async function deliver(sent: SentNotification, secret: string | null = options.notificationSecret): Promise<void> {
    try {
      const res = await fetch(sent.url, { method: "POST", headers: { "content-type": "application/json", ...(secret === null ? {} : { "x-notification-secret": secret }) }, body: sent.payload });
      sent.status = res.status;
      await res.arrayBuffer();
    } catch {
      sent.status = null;
    }
  }

  function record(order: Json, fields: Json): Json {
    const transaction: Json = { merchant: options.merchantId, timeOfRecord: new Date().toISOString(), ...fields };
    transactionsOf(order).push(transaction);
    notify(order, transaction);
    return transaction;
  }

  function initiateCheckout(body: Json): Answer {
    const interaction = (body.interaction ?? {}) as Json;
    const order = (body.order ?? {}) as Json;
    if (body.apiOperation !== "INITIATE_CHECKOUT") return invalid("Value not recognised", "apiOperation");
    if (interaction.operation !== "PURCHASE" && interaction.operation !== "AUTHORIZE") return invalid("Value not recognised", "interaction.operation");
    if (typeof interaction.returnUrl !== "string") return invalid("Missing parameter", "interaction.returnUrl");
    if (typeof order.id !== "string" || !/^[\w.-]{1,40}$/.test(order.id)) return invalid("Invalid value", "order.id");
    const currency = String(order.currency ?? "");
    const places = PLACES[currency];
    if (places === undefined) return invalid("Currency not supported by this merchant", "order.currency");
    if (typeof order.amount !== "string" || !new RegExp(`^\\d{1,12}${places ? `\\.\\d{${places}}` : ""}$`).test(order.amount) || units(order.amount) <= 0) {
      return invalid(`Invalid amount for currency ${currency}`, "order.amount");
    }
    const session: Session = {
      id: `SESSION0002${hex(12).toUpperCase()}`,
      version: hex(5),
      successIndicator: hex(8),
      operation: interaction.operation,
      returnUrl: interaction.returnUrl,
      cancelUrl: typeof interaction.cancelUrl === "string" ? interaction.cancelUrl : null,
      order: { id: order.id, amount: order.amount, currency, notificationUrl: typeof order.notificationUrl === "string" ? order.notificationUrl : null },
      done: false,
    };
    sessions.set(session.id, session);
    return { status: 201, body: { checkoutMode: "WEBSITE", merchant: options.merchantId, result: "SUCCESS", session: { id: session.id, updateStatus: "SUCCESS", version: session.version }, successIndicator: session.successIndicator } };
  }

  /** The customer's choice on the hosted page; returns where the browser goes, or null to show the page again. */
  function pay(session: Session, choice: HostedChoice): string | null {
    if (session.done) return null;
    const outcome = OUTCOMES[choice];
    const { id, amount, currency, notificationUrl } = session.order;
    const order = (orders.get(id) ??
      orders.set(id, { id, amount: Number(amount), currency, status: "INITIATED", totalAuthorizedAmount: 0, totalCapturedAmount: 0, totalRefundedAmount: 0, creationTime: new Date().toISOString(), transaction: [], notificationUrl }).get(id))!;
    const sourceOfFunds = { type: "CARD", provided: { card: { brand: "MASTERCARD", number: "512345xxxxxx0008", expiry: outcome.expiry, nameOnCard: "Test Payer", scheme: "MASTERCARD" } } };
    order.sourceOfFunds = sourceOfFunds;
    const n = transactionsOf(order).length + 1;
    if (choice === "3ds-fail") {
      order.status = "AUTHENTICATION_UNSUCCESSFUL";
      record(order, { result: "FAILURE", response: { gatewayCode: outcome.gatewayCode }, authentication: { "3ds2": { transactionStatus: "N" } }, transaction: { id: String(n), type: "AUTHENTICATION", amount: Number(amount), currency }, sourceOfFunds });
      return null;
    }
    const authorize = session.operation === "AUTHORIZE";
    const approved = outcome.result === "SUCCESS";
    const micro = units(amount);
    Object.assign(order, {
      status: approved ? (authorize ? "AUTHORIZED" : "CAPTURED") : "FAILED",
      totalAuthorizedAmount: approved ? Number(amount) : 0,
      totalCapturedAmount: approved && !authorize ? micro / 1e6 : 0,
    });
    record(order, {
      result: outcome.result,
      response: { gatewayCode: outcome.gatewayCode, acquirerCode: approved ? "00" : "05" },
      transaction: { id: String(n), type: authorize ? "AUTHORIZATION" : "PAYMENT", amount: Number(amount), currency, authorizationCode: approved ? hex(3) : undefined },
      sourceOfFunds,
    });
    if (!approved) return null;
    session.done = true;
    const back = new URL(session.returnUrl);
    back.searchParams.set("resultIndicator", session.successIndicator);
    back.searchParams.set("sessionVersion", session.version);
    return back.toString();
  }

  function operate(order: Json, transactionId: string, body: Json): Answer {
    if (transactionsOf(order).some((t) => (t.transaction as Json).id === transactionId)) return invalid("Transaction with this id already exists for this order", "transaction.id");
    const currency = String(order.currency);
    const given = (body.transaction ?? {}) as Json;
    const left = (a: string, b: string) => units(order[a] as number) - units(order[b] as number);
    const done = (type: string, micro: number, fields: Json = {}): Answer => {
      const transaction = record(order, { result: "SUCCESS", response: { gatewayCode: "APPROVED", acquirerCode: "00" }, transaction: { id: transactionId, type, amount: micro / 1e6, currency, ...fields } });
      return { status: 201, body: transactionView(order, transaction) };
    };
    const amountOf = (): number | Answer => {
      if (given.currency !== currency) return invalid("Currency does not match the order's", "transaction.currency");
      const places = PLACES[currency] ?? 2;
      if (typeof given.amount !== "string" || !new RegExp(`^\\d{1,12}${places ? `\\.\\d{${places}}` : ""}$`).test(given.amount)) return invalid("Invalid amount", "transaction.amount");
      return units(given.amount);
    };
    switch (body.apiOperation) {
      case "CAPTURE": {
        const micro = amountOf();
        if (typeof micro !== "number") return micro;
        if (!["AUTHORIZED", "PARTIALLY_CAPTURED"].includes(String(order.status)) || micro > left("totalAuthorizedAmount", "totalCapturedAmount")) {
          return invalid("Requested capture amount exceeds outstanding authorized amount", "transaction.amount");
        }
        order.totalCapturedAmount = (units(order.totalCapturedAmount as number) + micro) / 1e6;
        order.status = left("totalAuthorizedAmount", "totalCapturedAmount") === 0 ? "CAPTURED" : "PARTIALLY_CAPTURED";
        return done("CAPTURE", micro);
      }
      case "REFUND": {
        const micro = amountOf();
        if (typeof micro !== "number") return micro;
        if (micro <= 0 || micro > left("totalCapturedAmount", "totalRefundedAmount")) return invalid("Requested refund amount exceeds outstanding captured amount", "transaction.amount");
        order.totalRefundedAmount = (units(order.totalRefundedAmount as number) + micro) / 1e6;
        order.status = left("totalCapturedAmount", "totalRefundedAmount") === 0 ? "REFUNDED" : "PARTIALLY_REFUNDED";
        return done("REFUND", micro);
      }
      case "VOID": {
        const target = transactionsOf(order).find((t) => (t.transaction as Json).id === given.targetTransactionId);
        if (!target || (target.transaction as Json).type !== "AUTHORIZATION" || order.status !== "AUTHORIZED") return invalid("Transaction cannot be voided", "transaction.targetTransactionId");
        order.status = "CANCELLED";
        return done("VOID_AUTHORIZATION", units(order.totalAuthorizedAmount as number), { targetTransactionId: given.targetTransactionId });
      }
      default:
        return invalid("Value not recognised", "apiOperation");
    }
  }

  /** The REST API: one answer per method and path, as MPGS gives it. */
  function answer(method: string, parts: string[], body: Json): Answer {
    // ["session"] | ["order", id] | ["order", id, "transaction", id]
    const order = parts[0] === "order" ? orders.get(parts[1] ?? "") : undefined;
    const route = `${method} ${parts.map((p, i) => (i % 2 === 1 ? ":id" : p)).join("/")}`;
    switch (route) {
      case "PUT session":
        return initiateCheckout(body);
      case "GET order/:id":
        return order ? { status: 200, body: { merchant: options.merchantId, result: "SUCCESS", ...orderView(order) } } : invalid("Unable to find order for this merchant");
      case "GET order/:id/transaction/:id": {
        const transaction = order && transactionsOf(order).find((t) => (t.transaction as Json).id === parts[3]);
        return order && transaction ? { status: 200, body: transactionView(order, transaction) } : invalid("Unable to find transaction for this order");
      }
      case "PUT order/:id/transaction/:id":
        return order ? operate(order, parts[3]!, body) : invalid("Unable to find order for this merchant");
      default:
        return invalid(`Unsupported request: ${method} ${parts.join("/")}`);
    }
  }

  function api(req: http.IncomingMessage, path: string, text: string): StandInAnswer {
    const match = /^\/api\/rest\/version\/(\d+)\/merchant\/([^/]+)\/(.+)$/.exec(path);
    let body: Json = {};
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      return invalid("Request body is not valid JSON");
    }
    const request: ReceivedRequest = { method: req.method ?? "", path, authorization: req.headers.authorization, body };
    requests.push(request);
    const forced = control.respond?.(request);
    if (forced) return forced;
    const merchant = match ? decodeURIComponent(match[2]!) : "";
    const expected = `Basic ${Buffer.from(`merchant.${options.merchantId}:${options.password}`).toString("base64")}`;
    if (!match || merchant !== options.merchantId || req.headers.authorization !== expected) {
      return { status: 401, body: { result: "ERROR", error: { cause: "REQUEST_REJECTED", explanation: "Invalid credentials." } } };
    }
    const answered = answer(request.method, match[3]!.split("/").map(decodeURIComponent), body);
    return control.loseAnswer?.(request) ? "drop" : answered;
  }

  function page(session: Session | undefined, notice: string | null): string {
    if (!session) return "<!doctype html><title>Not found</title><h1>Not found</h1>";
    const { amount, currency } = session.order;
    const body = session.done
      ? "<p>This checkout session has been completed.</p>"
      : `<p>Pay ${amount} ${currency} (order ${session.order.id})</p>${notice ? `<p role="alert">${notice}</p>` : ""}
<form method="post"><button name="action" value="approve">Pay (approved)</button> <button name="action" value="decline">Pay with a declined card</button> <button name="action" value="3ds-fail">Fail 3-D Secure</button> <button name="action" value="timeout">Pay with a timed-out card</button></form>
${session.cancelUrl ? `<p><a href="${session.cancelUrl}">Cancel</a></p>` : ""}`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MPGS Hosted Checkout stand-in</title></head><body><h1>MPGS Hosted Checkout stand-in</h1>${body}</body></html>`;
  }

  const checkoutJs = () => `window.Checkout = { configure: function (c) { this.session = c.session.id; }, showPaymentPage: function () { window.location.assign(${JSON.stringify(base)} + "/checkout/pay/" + this.session); } };`;

  const server = await listenStandIn(options.port, (req, res, path, text) => {
    if (path === "/static/checkout/checkout.min.js") {
      res.writeHead(200, { "content-type": "application/javascript" }).end(checkoutJs());
      return null;
    }
    if (!path.startsWith("/checkout/pay/")) return api(req, path, text);
    const session = sessions.get(path.slice("/checkout/pay/".length));
    const choice = new URLSearchParams(text).get("action") as HostedChoice | null;
    const next = req.method === "POST" && session && choice && choice in OUTCOMES ? pay(session, choice) : null;
    if (next) {
      res.writeHead(302, { location: next }).end();
      return null;
    }
    const notice = req.method === "POST" && session && !session.done ? "The payment was not approved. Try another card." : null;
    res.writeHead(session ? 200 : 404, { "content-type": "text/html; charset=utf-8" }).end(page(session, notice));
    return null;
  });
  base = server.url;

  return {
    url: base,
    control,
    requests,
    notifications,
    sessions,
    orders,
    deliver,
    /** Waits until every notification sent so far has been answered by the app. */
    idle: deliveries.idle,
    close: server.close,
  };
}

export type MpgsStandIn = Awaited<ReturnType<typeof startMpgsStandIn>>;
