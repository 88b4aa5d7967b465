import { isRedirectError } from "next/dist/client/components/redirect-error";
import { beforeAll, describe, expect, it } from "vitest";
import { startStripeForApp, STRIPE_CREDENTIALS } from "../support/stripe-for-app";

// Expiry is a payment deadline (issue 27): past a transaction's expires_at nothing can be paid. The sandbox's
// card page refuses the card, a Stripe Checkout Session is made to end with the transaction, the expiry sweep
// releases a payment still open at its gateway, and a success that comes anyway is given back, the merchant
// never told `paid`. Over HTTP: the API, the pay, return and callback routes, the sandbox's routes, the Stripe
// stand-in; the card form is the server action the card page posts. Time is controlled by moving the deadline
// (the transaction's expires_at, and the copy the gateway's session was started with) into the past: no sleeping.

const stripe = await startStripeForApp();
const createRoute = await import("@/app/b/checkout/v1/pymt-txn/route");
const getRoute = await import("@/app/b/checkout/v1/pymt-txn/[sessionId]/route");
const payRoute = await import("@/app/b/checkout/redirect/pay/route");
const returnRoute = await import("@/app/b/checkout/gateway/[pg]/return/route");
const callbackRoute = await import("@/app/b/checkout/gateway/[pg]/callback/route");
const inquiryRoute = await import("@/app/b/pbl/v2/inquiry/route");
const challengeRoute = await import("@/app/(site)/sandbox/api/challenge/route");
const cancelRoute = await import("@/app/(site)/sandbox/api/cancel/route");
const { chargeCardAction } = await import("@/app/(site)/sandbox/pay/[reference]/actions");
const { EMPTY_CHARGE_FORM } = await import("@/components/sandbox/charge-form-state");
const { toCheckoutView } = await import("@/components/checkout/checkout-view");
const { loadPaymentPage } = await import("@/lib/checkout/checkout-page/load-payment-page");
const { returnedAttempt } = await import("@/lib/checkout/checkout-page/returned-attempt");
const { expireTransaction } = await import("@/lib/checkout/expiry/expire-transaction");
const { createGatewaySetting } = await import("@/lib/config/gateway-settings/create-gateway-setting");
const { loadCardPage } = await import("@/lib/gateways/sandbox/load-card-page");
const { stripeSessionExpiry } = await import("@/lib/gateways/stripe/start-stripe-payment");
const { runMaintenance } = await import("@/lib/jobs/run-maintenance");
const { planEventEffects } = await import("@/lib/jobs/plan-event-effects");
const { resumeOperation } = await import("@/lib/checkout/operations/resume-operation");
const { updateSettings } = await import("@/lib/config/settings/update-settings");
const { createCurrency, createGateway, createKey } = await import("../support/factories");
const { serveRoutes } = await import("../support/http-server");
const { CARDS, events, freshMessage, stateOf } = await import("../support/payment-flow");
const { testContext } = await import("../support/test-context");

const ctx = testContext();
let base: string;
let apiKey: string;

beforeAll(async () => {
  await createGateway(ctx, { code: "card", currencies: ["KWD"] });
  await createCurrency(ctx, { code: "USD", decimals: 2 });
  await createGatewaySetting({ ctx, input: { code: "stripe", pg: "stripe", currencies: ["USD"], isSandbox: true, credentials: STRIPE_CREDENTIALS } });
  apiKey = (await createKey(ctx)).key;
  await updateSettings({ ctx, input: { expireTransactions: true } });
  base = await serveRoutes([
    { path: "/b/checkout/v1/pymt-txn", module: createRoute },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: getRoute },
    { path: "/b/checkout/redirect/pay", module: payRoute },
    { path: "/b/checkout/gateway/[pg]/return", module: returnRoute },
    { path: "/b/checkout/gateway/[pg]/callback", module: callbackRoute },
    { path: "/b/pbl/v2/inquiry", module: inquiryRoute },
    { path: "/sandbox/api/challenge", module: challengeRoute },
    { path: "/sandbox/api/cancel", module: cancelRoute },
  ]);
  stripe.control.webhookUrl = `${base}/b/checkout/gateway/stripe/callback/`;
});

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Api-Key ${apiKey}`, ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

/** A transaction created through the API, with a webhook_url (its webhooks are planned, not sent, here). */
async function create(fields: Record<string, unknown> = {}): Promise<string> {
  const res = await api("/b/checkout/v1/pymt-txn/", {
    method: "POST",
    body: { amount: "10", currency_code: "KWD", pg_codes: ["card"], webhook_url: "https://merchant.example/hook", ...fields },
  });
  expect(res.status).toBe(201);
  return String((await res.json()).session_id);
}

/** The app's own address for one of its URLs (APP_URL differs from where the routes are served in tests). */
const local = (url: string) => `${base}${new URL(url, base).pathname}${new URL(url, base).search}`;

/** The customer presses Pay on the payment page: where the browser is sent (a gateway's page). */
async function pay(sessionId: string, code = "card"): Promise<string> {
  const res = await fetch(`${base}/b/checkout/redirect/pay/`, { method: "POST", body: new URLSearchParams({ session_id: sessionId, code }), redirect: "manual" });
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}

const referenceIn = (gatewayPage: string) => new URL(gatewayPage).pathname.split("/").pop()!;

/** The sandbox card page's form, sent as the browser sends it: where the browser goes next. */
async function typeCard(reference: string, number: string): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ reference, card_number: number, expiry: "12/39", cvv: "123", name: "Sara Ahmad" })) form.set(key, value);
  const error = await chargeCardAction(EMPTY_CHARGE_FORM, form).then(
    () => null,
    (e: unknown) => e,
  );
  if (!isRedirectError(error)) throw new Error(`expected a redirect, got ${String(error)}`);
  return error.digest.split(";")[2]!;
}

/** The browser following a redirect back to the app: where the app sends it. */
async function comeBack(url: string) {
  const res = await fetch(local(url), { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location") ?? "" };
}

/** The sandbox's server-to-server callback about a payment, as it sends it (a fresh signed message). */
async function sandboxCallback(reference: string) {
  const res = await fetch(`${base}/b/checkout/gateway/sandbox/callback/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(await freshMessage(ctx, reference)),
  });
  return res.status;
}

/**
 * The deadline passes: the transaction's expires_at is a second ago, and so is the deadline the sandbox's payment
 * session was started with (time moving on moves both; the jobs that would act on it are not running here).
 */
async function deadlinePasses(sessionId: string) {
  const past = new Date(Date.now() - 1000);
  await ctx.db.updateTable("transactions").set({ expires_at: past }).where("session_id", "=", sessionId).execute();
  await ctx.db
    .updateTable("sandbox_payments")
    .set({ expires_at: past })
    .where("reference_number", "in", (q) => q.selectFrom("payment_attempts").select("reference_number").where("session_id", "=", sessionId))
    .execute();
}

/** The bank answers a payment it had left unanswered (the sandbox's "no answer" card). */
const approveAtBank = (reference: string) =>
  ctx.db.updateTable("sandbox_payments").set({ status: "approved", settled_at: new Date() }).where("reference_number", "=", reference).execute();

const attemptsOf = (sessionId: string) =>
  ctx.db.selectFrom("payment_attempts").selectAll().where("session_id", "=", sessionId).orderBy("id").execute();
const transactionOf = (sessionId: string) => ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
const giveBacks = (sessionId: string) =>
  ctx.db.selectFrom("operations").selectAll().where("session_id", "=", sessionId).where("cause", "=", "duplicate").execute();
const sandboxStatus = async (reference: string) =>
  (await ctx.db.selectFrom("sandbox_payments").select("status").where("reference_number", "=", reference).executeTakeFirstOrThrow()).status;

/** Every webhook the merchant gets for the transaction's events so far, as the jobs would build and send them. */
async function merchantWebhooks(sessionId: string): Promise<Record<string, unknown>[]> {
  const payloads: Record<string, unknown>[] = [];
  for (const event of await events(ctx, sessionId)) {
    for (const id of (await planEventEffects(ctx.db, event.event_id)).deliveryIds) {
      const row = await ctx.db.selectFrom("webhook_deliveries").select("payload").where("id", "=", id).executeTakeFirstOrThrow();
      payloads.push(row.payload as Record<string, unknown>);
    }
  }
  return payloads;
}

/** What the result page the customer was sent to shows. */
async function resultPageShows(resultUrl: string) {
  const q = new URL(resultUrl).searchParams;
  const page = (await loadPaymentPage({ ctx, input: { sessionId: q.get("session_id")! } }))!;
  return toCheckoutView(page, returnedAttempt(page, q.get("reference") ?? "")).result?.kind;
}

describe("the sandbox gateway past the deadline", () => {
  it("refuses a card typed after it: nothing is charged, the transaction ends expired and the customer is told the link expired", async () => {
    const sessionId = await create();
    const reference = referenceIn(await pay(sessionId));
    await deadlinePasses(sessionId);
    // The card page, still open in the customer's tab, says the time has passed.
    expect((await loadCardPage({ ctx, input: { reference } }))!.status).toBe("expired");

    const back = await typeCard(reference, CARDS.approve);
    expect(await sandboxStatus(reference)).toBe("expired");
    const result = await comeBack(back);
    expect(result.status).toBe(303);
    expect(result.location).toContain(`/b/checkout/redirect/result/?session_id=${sessionId}&reference=${reference}`);
    expect(await resultPageShows(result.location)).toBe("expired");

    expect(await transactionOf(sessionId)).toMatchObject({ state: "expired", paid_amount: "0.000000" });
    expect((await attemptsOf(sessionId)).map((a) => [a.state, a.message, a.is_duplicate])).toEqual([["canceled", "The payment session expired", false]]);
    expect(await giveBacks(sessionId)).toEqual([]);
    const webhooks = await merchantWebhooks(sessionId);
    expect(webhooks.some((w) => w.state === "paid" || w.result === "success")).toBe(false);
    expect(webhooks[0]).toMatchObject({ state: "expired", result: "expired" });
    // The API says the same.
    expect((await (await api(`/b/checkout/v1/pymt-txn/${sessionId}`)).json()).state).toBe("expired");
  });

  it("takes no 3-D Secure approval after it either", async () => {
    const sessionId = await create();
    const reference = referenceIn(await pay(sessionId));
    await typeCard(reference, CARDS.challenge);
    expect(await sandboxStatus(reference)).toBe("challenge");
    await deadlinePasses(sessionId);
    const res = await fetch(`${base}/sandbox/api/challenge`, { method: "POST", body: new URLSearchParams({ reference, decision: "approve" }), redirect: "manual" });
    expect(res.status).toBe(303);
    expect(await sandboxStatus(reference)).toBe("expired");
    await comeBack(res.headers.get("location")!);
    expect(await stateOf(ctx, sessionId)).toBe("expired");
    expect((await attemptsOf(sessionId)).map((a) => a.state)).toEqual(["canceled"]);
  });

  it("takes the card right up to it", async () => {
    const sessionId = await create({ expiration_time: "00:10:00" });
    const reference = referenceIn(await pay(sessionId));
    expect(await comeBack(await typeCard(reference, CARDS.approve))).toMatchObject({ status: 303 });
    expect(await stateOf(ctx, sessionId)).toBe("paid");
  });
});

describe("Stripe Checkout Sessions end with the transaction", () => {
  /** The Checkout Session behind Stripe's page, and the request that created it. */
  const sessionCreated = (page: string) => {
    const session = stripe.sessions.get(page.split("/").pop()!)!;
    const created = stripe.requests.find((r) => r.path === "/v1/checkout/sessions" && r.method === "POST" && r.body.client_reference_id === session.client_reference_id)!;
    return { body: created.body, session };
  };

  it("a session's expires_at is the transaction's expires_at", async () => {
    const sessionId = await create({ amount: "10.00", currency_code: "USD", pg_codes: ["stripe"], expiration_time: "02:00:00" });
    const { body, session } = sessionCreated(await pay(sessionId, "stripe"));
    const deadline = Math.floor((await transactionOf(sessionId)).expires_at.getTime() / 1000);
    expect(body.expires_at).toBe(String(deadline));
    expect(session.expires_at).toBe(deadline);
  });

  it("kept within the 30 minutes to 24 hours Stripe accepts: a sooner deadline gets 31 minutes, a later one 24 hours less a minute", async () => {
    const soon = await create({ amount: "10.00", currency_code: "USD", pg_codes: ["stripe"], expiration_time: "00:05:00" });
    const before = Math.floor(Date.now() / 1000);
    const short = sessionCreated(await pay(soon, "stripe"));
    expect(Number(short.body.expires_at) - before).toBeGreaterThanOrEqual(31 * 60);
    expect(Number(short.body.expires_at) - before).toBeLessThanOrEqual(31 * 60 + 5);

    const later = await create({ amount: "10.00", currency_code: "USD", pg_codes: ["stripe"], expiration_time: "3 00:00:00" });
    const long = sessionCreated(await pay(later, "stripe"));
    expect(Number(long.body.expires_at) - before).toBeGreaterThanOrEqual(24 * 3600 - 60);
    expect(Number(long.body.expires_at) - before).toBeLessThanOrEqual(24 * 3600 - 55);

    const now = Date.UTC(2030, 0, 1);
    expect(stripeSessionExpiry(new Date(now + 3_600_000), now)).toBe((now + 3_600_000) / 1000);
    expect(stripeSessionExpiry(new Date(now - 60_000), now)).toBe(now / 1000 + 31 * 60);
  });

  it("at the deadline the sweep ends the session at Stripe: its page takes no payment, the transaction is expired", async () => {
    const sessionId = await create({ amount: "10.00", currency_code: "USD", pg_codes: ["stripe"] });
    const page = await pay(sessionId, "stripe");
    await deadlinePasses(sessionId);
    await runMaintenance({ ctx, input: { requeueDeliveries: false } });
    expect(stripe.sessions.get(page.split("/").pop()!)!.status).toBe("expired");
    expect(await stateOf(ctx, sessionId)).toBe("expired");
    expect((await attemptsOf(sessionId)).map((a) => [a.state, a.message])).toEqual([["superseded", "The time to pay ran out"]]);
    const answer = await fetch(page, { method: "POST", body: new URLSearchParams({ action: "approve" }), redirect: "manual" });
    expect(await answer.text()).toContain("no longer active");
    await stripe.idle();
    expect(await stateOf(ctx, sessionId)).toBe("expired");
  });
});

describe("the expiry sweep", () => {
  it("releases a payment still open at its gateway past the deadline: the transaction ends expired, not stuck pending", async () => {
    const sessionId = await create();
    const reference = referenceIn(await pay(sessionId));
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    await deadlinePasses(sessionId);

    expect((await runMaintenance({ ctx, input: { requeueDeliveries: false } })).expired).toBeGreaterThanOrEqual(1);
    expect(await stateOf(ctx, sessionId)).toBe("expired");
    expect(await sandboxStatus(reference)).toBe("canceled");
    expect((await attemptsOf(sessionId)).map((a) => [a.state, a.message])).toEqual([["superseded", "The time to pay ran out"]]);
    const moves = (await events(ctx, sessionId)).map((e) => [e.kind, e.from_state, e.to_state, e.cause]);
    expect(moves.slice(-2)).toEqual([
      ["attempt_superseded", "pending", "pending", "expiry"],
      ["state_changed", "pending", "expired", "expiry"],
    ]);
    expect((await merchantWebhooks(sessionId)).map((w) => [w.state, w.result])).toEqual([["expired", "expired"]]);

    // The card page left open takes nothing afterwards.
    await comeBack(await typeCard(reference, CARDS.approve));
    expect(await sandboxStatus(reference)).toBe("canceled");
    expect(await stateOf(ctx, sessionId)).toBe("expired");
  });

  it("expires the transaction even while the card is with the bank; the bank's late approval is given back", async () => {
    const sessionId = await create();
    const reference = referenceIn(await pay(sessionId));
    await typeCard(reference, CARDS.noAnswer);
    await deadlinePasses(sessionId);
    await runMaintenance({ ctx, input: { requeueDeliveries: false } });
    expect(await stateOf(ctx, sessionId)).toBe("expired");
    // The gateway cannot stop it: the attempt waits for the bank's answer.
    expect((await attemptsOf(sessionId)).map((a) => a.state)).toEqual(["pending"]);
    expect((await events(ctx, sessionId)).at(-1)).toMatchObject({ to_state: "expired", cause: "expiry", data: { attempts_left_pending: 1 } });

    // An inquiry finds the bank approved it after all.
    const inquiry = await api("/b/pbl/v2/inquiry/", { method: "POST", body: { session_id: sessionId } });
    expect((await inquiry.json()).state).toBe("expired");
    expect((await attemptsOf(sessionId)).map((a) => [a.state, a.is_duplicate])).toEqual([["success", true]]);
    expect((await giveBacks(sessionId)).map((o) => [o.kind, o.amount])).toEqual([["refund", "10.000000"]]);
    expect((await merchantWebhooks(sessionId)).some((w) => w.state === "paid")).toBe(false);
  });

  it("with 'Expire Payment Transactions?' off, leaves it as it is", async () => {
    await updateSettings({ ctx, input: { expireTransactions: false } });
    try {
      const sessionId = await create();
      await pay(sessionId);
      await deadlinePasses(sessionId);
      await runMaintenance({ ctx, input: { requeueDeliveries: false } });
      expect(await stateOf(ctx, sessionId)).toBe("pending");
    } finally {
      await updateSettings({ ctx, input: { expireTransactions: true } });
    }
  });
});

describe("a success that comes after the deadline", () => {
  it("from the sandbox's callback: the transaction expires, the payment is given back, and the merchant never hears `paid`", async () => {
    const sessionId = await create();
    const reference = referenceIn(await pay(sessionId));
    await typeCard(reference, CARDS.noAnswer);
    await deadlinePasses(sessionId);
    // Nothing has expired it yet (no job ran): the bank approves, and the sandbox calls back.
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    await approveAtBank(reference);
    expect(await sandboxCallback(reference)).toBe(200);

    const txn = await transactionOf(sessionId);
    expect(txn).toMatchObject({ state: "expired", paid_amount: "0.000000" });
    expect((await attemptsOf(sessionId)).map((a) => [a.state, a.is_duplicate])).toEqual([["success", true]]);
    const moves = (await events(ctx, sessionId)).map((e) => [e.kind, e.from_state, e.to_state, e.cause]);
    expect(moves.slice(-2)).toEqual([
      ["state_changed", "pending", "expired", "result_after_expiry"],
      ["duplicate_payment", "expired", "expired", "gateway_callback"],
    ]);
    expect((await events(ctx, sessionId)).at(-1)!.data).toMatchObject({ reference_number: reference, transaction_state: "expired" });

    // The give-back's job runs: the sandbox refunds the whole charge.
    const [giveBack] = await giveBacks(sessionId);
    expect(giveBack).toMatchObject({ kind: "refund", amount: "10.000000", state: "pending" });
    expect(await resumeOperation({ ctx, input: { operationId: giveBack!.id, settle: false, cause: "gateway" } })).toBe("success");

    const webhooks = await merchantWebhooks(sessionId);
    expect(webhooks.some((w) => w.state === "paid")).toBe(false);
    expect(webhooks[0]).toMatchObject({ state: "expired", result: "expired" });
    expect(webhooks.at(-1)).toMatchObject({ operation: "refund", result: "success", state: "expired" });
    expect(await stateOf(ctx, sessionId)).toBe("expired");
  });

  it("from Stripe's webhook for a session paid before the deadline but heard of after it: refunded at Stripe", async () => {
    const sessionId = await create({ amount: "10.00", currency_code: "USD", pg_codes: ["stripe"] });
    const page = await pay(sessionId, "stripe");
    // The customer pays; Stripe's webhook and the customer's return are late.
    const url = stripe.control.webhookUrl;
    stripe.control.webhookUrl = undefined;
    try {
      await fetch(page, { method: "POST", body: new URLSearchParams({ action: "approve" }), redirect: "manual" });
    } finally {
      stripe.control.webhookUrl = url;
    }
    await deadlinePasses(sessionId);
    const completed = [...stripe.events].reverse().find((e) => e.type === "checkout.session.completed")!;
    await stripe.deliver(completed);
    expect(completed.status).toBe(200);

    expect(await stateOf(ctx, sessionId)).toBe("expired");
    const [giveBack] = await giveBacks(sessionId);
    expect(await resumeOperation({ ctx, input: { operationId: giveBack!.id, settle: false, cause: "gateway" } })).toBe("success");
    const intent = stripe.sessions.get(page.split("/").pop()!)!.payment_intent;
    expect(stripe.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST" && r.body.payment_intent === intent)).toHaveLength(1);
    expect((await merchantWebhooks(sessionId)).some((w) => w.state === "paid")).toBe(false);
  });
});

describe("a success racing the deadline", () => {
  /** A payment the bank approved a moment ago, its return and callback on their way. */
  async function approved() {
    const sessionId = await create();
    const reference = referenceIn(await pay(sessionId));
    const back = await typeCard(reference, CARDS.approve);
    return { sessionId, reference, back };
  }

  /** Return, callback and the expiry job at once. */
  const race = (a: { sessionId: string; reference: string; back: string }) =>
    Promise.all([comeBack(a.back), sandboxCallback(a.reference), expireTransaction({ ctx, input: { sessionId: a.sessionId } })]);

  /** Exactly one outcome: paid before the deadline, or expired with the payment given back. */
  async function outcome(sessionId: string): Promise<"paid" | "expired"> {
    const txn = await transactionOf(sessionId);
    const attempts = await attemptsOf(sessionId);
    const all = await events(ctx, sessionId);
    const webhooks = await merchantWebhooks(sessionId);
    expect(attempts.map((a) => a.state)).toEqual(["success"]);
    if (txn.state === "paid") {
      expect(attempts[0]!.is_duplicate).toBe(false);
      expect(await giveBacks(sessionId)).toEqual([]);
      expect(all.filter((e) => e.to_state === "expired")).toEqual([]);
      expect(webhooks.map((w) => w.state)).toEqual(["paid"]);
      return "paid";
    }
    expect(txn).toMatchObject({ state: "expired", paid_amount: "0.000000" });
    expect(attempts[0]!.is_duplicate).toBe(true);
    expect(await giveBacks(sessionId)).toHaveLength(1);
    expect(all.filter((e) => e.to_state === "paid")).toEqual([]);
    expect(webhooks.filter((w) => w.state === "paid")).toEqual([]);
    expect(all.filter((e) => e.kind === "state_changed" && e.to_state === "expired")).toHaveLength(1);
    return "expired";
  }

  it("past the deadline, whichever comes first: expired and given back, every time", async () => {
    for (let round = 0; round < 8; round++) {
      const payment = await approved();
      await deadlinePasses(payment.sessionId);
      await race(payment);
      expect(await outcome(payment.sessionId)).toBe("expired");
    }
  });

  it("right at the deadline: one outcome or the other, never both", async () => {
    const seen: string[] = [];
    for (let round = 0; round < 8; round++) {
      const payment = await approved();
      // The deadline falls within the next 0 to 105 ms, while the result is on its way.
      await ctx.db.updateTable("transactions").set({ expires_at: new Date(Date.now() + round * 15) }).where("session_id", "=", payment.sessionId).execute();
      await race(payment);
      // The expiry job may have come too early: it runs again, as the sweep would.
      await expireTransaction({ ctx, input: { sessionId: payment.sessionId } });
      seen.push(await outcome(payment.sessionId));
    }
    expect(seen.every((s) => s === "paid" || s === "expired")).toBe(true);
  });
});
