import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { signPayment } from "@/lib/checkout/result/payment-signature";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { eventually } from "../support/eventually";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

const ctx = testContext();
const HMAC_KEY = "pu9MpX3yPR-test-key";
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { webhookHmacKey: HMAC_KEY } });
});

/** A paid transaction whose result event has been planned; returns its delivery id. */
async function paidWithWebhook(url: string, fields: Record<string, unknown> = {}) {
  const sessionId = await newTransaction(ctx, caller, { webhook_url: url, ...fields });
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
  const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
  const { deliveryIds } = await planEventEffects(ctx.db, paid.event_id);
  return { sessionId, eventId: paid.event_id, deliveryId: deliveryIds[0]! };
}

const attemptsOf = (deliveryId: string) =>
  ctx.db.selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", deliveryId).orderBy("attempt_no").execute();

describe("webhook signature", () => {
  it("matches the interface's published check value", () => {
    const digest = signPayment("pu9MpX3yPR", { amount: "86.000", currency_code: "KWD", customer_first_name: "example-customer" });
    expect(digest.startsWith("6143b8ad")).toBe(true);
  });

  it("skips absent and empty fields and ignores unsigned ones", () => {
    const base = { amount: "1.000", currency_code: "KWD" };
    expect(signPayment("k", { ...base, order_no: "", extra: { a: 1 }, session_id: "x" })).toBe(signPayment("k", base));
  });
});

describe("webhook delivery", () => {
  it("posts the signed payment payload with Standard Webhooks headers", async () => {
    const receiver = await startReceiver();
    const { sessionId, eventId, deliveryId } = await paidWithWebhook(receiver.url, {
      order_no: "WH-1",
      customer_first_name: "Sara",
      customer_email: "sara@example.com",
      billing_address: { line1: "Street 1", city: "Kuwait", state: "Capital", country: "KW", postal_code: "12345" },
      extra: { cart: "c-1" },
    });
    expect(await attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: false } })).toEqual({ done: true });

    const [hit] = receiver.received;
    const payload = JSON.parse(hit!.body);
    expect(payload).toMatchObject({
      event_id: eventId,
      session_id: sessionId,
      order_no: "WH-1",
      state: "paid",
      result: "success",
      amount: "10.000",
      currency_code: "KWD",
      fee: "0.000",
      paid_amount: "10.000",
      amount_details: { amount: "10.000", fee: "0.000", total: "10.000", currency_code: "KWD" },
      customer_first_name: "Sara",
      customer_address_country: "KW",
      gateway_name: "sandbox",
      gateway_account: "card",
      extra: { cart: "c-1" },
      is_sandbox: true,
    });
    expect(payload.reference_number).toMatch(/^CK/);
    expect(payload.gateway_response).toMatchObject({ result: "CAPTURED" });
    expect(payload.customer_last_name).toBeUndefined();
    const { signature, ...signed } = payload;
    expect(signature).toBe(signPayment(HMAC_KEY, signed));

    expect(hit!.headers["webhook-id"]).toBe(eventId);
    const verifier = new Webhook(Buffer.from(HMAC_KEY, "utf8").toString("base64"));
    expect(() => verifier.verify(hit!.body, hit!.headers as Record<string, string>)).not.toThrow();

    const delivery = await ctx.db.selectFrom("webhook_deliveries").selectAll().where("id", "=", deliveryId).executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ state: "delivered", attempt_count: 1, last_status: 200 });
    expect(await attemptsOf(deliveryId)).toMatchObject([{ attempt_no: 1, status_code: 200, response_excerpt: "ok" }]);
  });

  it("delivers to a target named by host name, resolved by the connection's own checked lookup", async () => {
    const receiver = await startReceiver();
    const { deliveryId } = await paidWithWebhook(receiver.url.replace("127.0.0.1", "localhost"));
    expect(await attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: false } })).toEqual({ done: true });
    expect(receiver.received).toHaveLength(1);
  });

  it("retries 5xx and network errors on the schedule with an identical body, until delivered", async () => {
    const receiver = await startReceiver((n) => (n < 3 ? 503 : 200));
    const { deliveryId } = await paidWithWebhook(receiver.url);
    const first = await attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: false } });
    expect(first.done).toBe(false);
    if (!first.done) expect(first.retryAt.getTime() - Date.now()).toBeLessThanOrEqual(200);
    await attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: false } });
    await receiver.stop();
    await attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: false } }); // connection refused
    await receiver.start();
    expect(await attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: false } })).toEqual({ done: true });

    const attempts = await attemptsOf(deliveryId);
    expect(attempts.map((a) => a.status_code)).toEqual([503, 503, null, 200]);
    expect(attempts[2]!.error).toBeTruthy();
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
  });

  it("gives up after the last scheduled retry, and at once on a 4xx answer", async () => {
    const failing = await startReceiver(() => 500);
    const { deliveryId } = await paidWithWebhook(failing.url);
    for (let i = 0; i < 4; i++) await attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: false } });
    const row = await ctx.db.selectFrom("webhook_deliveries").selectAll().where("id", "=", deliveryId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "failed", attempt_count: 4 });

    const refusing = await startReceiver(() => 404);
    const second = await paidWithWebhook(refusing.url);
    expect(await attemptDelivery({ ctx, input: { deliveryId: second.deliveryId, scheduleRetry: false } })).toEqual({ done: true });
    expect(refusing.received).toHaveLength(1);
  });

  it("times out a receiver that does not answer and retries it", async () => {
    const slow = await startReceiver(() => "hang");
    const { deliveryId } = await paidWithWebhook(slow.url);
    expect((await attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: false } })).done).toBe(false);
    expect((await attemptsOf(deliveryId))[0]!.error).toMatch(/^Timeout after 2 s: /);
  });

  it("lets a receiver that does not answer hold only its share of the slots; others are delivered meanwhile", async () => {
    const stuck = await startReceiver(() => "hang");
    const healthy = await startReceiver();
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await paidWithWebhook(stuck.url));
    const fine = await paidWithWebhook(healthy.url);

    // WEBHOOK_TARGET_CONCURRENCY is 3: three tries go out and hang.
    const hanging = held.slice(0, 3).map(({ deliveryId }) => attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: true } }));
    await eventually(() => stuck.received.length === 3);
    // The fourth is no try at all: no attempt recorded, its job queued again shortly.
    const fourth = held[3]!.deliveryId;
    const step = await attemptDelivery({ ctx, input: { deliveryId: fourth, scheduleRetry: true } });
    expect(step.done).toBe(false);
    expect(await attemptsOf(fourth)).toEqual([]);
    // Behind other due jobs (priority 1), so that the stuck receiver's backlog never delays other deliveries.
    const { rows } = await sql<{ priority: number }>`
      SELECT priority FROM graphile_worker._private_jobs WHERE key = ${`webhook:${fourth}`}`.execute(ctx.db);
    expect(rows).toEqual([{ priority: 1 }]);
    // Another merchant's receiver is not held back.
    expect(await attemptDelivery({ ctx, input: { deliveryId: fine.deliveryId, scheduleRetry: true } })).toEqual({ done: true });
    expect(healthy.received).toHaveLength(1);

    // The hanging tries time out; the slots are given back, and the fourth gets its try.
    for (const step of await Promise.all(hanging)) expect(step.done).toBe(false);
    expect((await attemptDelivery({ ctx, input: { deliveryId: fourth, scheduleRetry: false } })).done).toBe(false);
    expect(await attemptsOf(fourth)).toHaveLength(1);
    expect(stuck.received).toHaveLength(4);
  });

  it("sends a burst to an answering receiver its share at a time, every delivery in its first run", async () => {
    let open = 0;
    let most = 0;
    const receiver = await startReceiver(async () => {
      most = Math.max(most, ++open);
      await new Promise((r) => setTimeout(r, 50));
      open--;
      return 200;
    });
    const burst = [];
    for (let i = 0; i < 8; i++) burst.push(await paidWithWebhook(receiver.url));

    const steps = await Promise.all(burst.map(({ deliveryId }) => attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: true } })));
    // Each waited for a slot instead of being put off: the receiver answers, so waiting costs milliseconds.
    expect(steps).toEqual(burst.map(() => ({ done: true })));
    expect(receiver.received).toHaveLength(8);
    expect(most).toBe(3);
  });

  it("plans one delivery per event, however often the event is planned", async () => {
    const receiver = await startReceiver();
    const { eventId, deliveryId } = await paidWithWebhook(receiver.url);
    expect((await planEventEffects(ctx.db, eventId)).deliveryIds).toEqual([deliveryId]);
  });

  it("sends no webhook without a webhook_url, or for events that are not results", async () => {
    const sessionId = await newTransaction(ctx, caller);
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    for (const e of await events(ctx, sessionId)) expect((await planEventEffects(ctx.db, e.event_id)).deliveryIds).toEqual([]);
  });
});
