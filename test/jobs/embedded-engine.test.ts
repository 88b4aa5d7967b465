import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { env } from "@/lib/core/env";
import { runMaintenance } from "@/lib/jobs/run-maintenance";
import { startWorker } from "@/lib/jobs/start-worker";
import { scheduleExpiries } from "@/lib/checkout/expiry/schedule-expiries";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { CARDS, deliverReturn, newTransaction, passDeadline, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { eventually } from "../support/eventually";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

const ctx = testContext();
let caller: Caller;
let worker: { stop(): Promise<void> };
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { webhookHmacKey: "engine-test-key" } });
  worker = await startWorker(env.DATABASE_URL!);
});
afterAll(() => worker.stop());

const payloads = (received: { body: string }[]) => received.map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe("the embedded engine (graphile-worker)", () => {
  it("delivers the webhook of a payment on its own", async () => {
    const receiver = await startReceiver();
    const sessionId = await newTransaction(ctx, caller, { webhook_url: receiver.url });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    const [payload] = await eventually(() => receiver.received.length > 0 && payloads(receiver.received));
    expect(payload).toMatchObject({ session_id: sessionId, state: "paid", result: "success" });
  });

  it("sends the Created e-mail only when it was asked for", async () => {
    const asked = await newTransaction(ctx, caller, { customer_email: "c@example.com", notifications: { email: ["created", "paid"] } });
    const notAsked = await newTransaction(ctx, caller, { customer_email: "d@example.com", notifications: { email: ["paid"] } });
    const messages = (sessionId: string) => ctx.db.selectFrom("messages").selectAll().where("session_id", "=", sessionId).execute();
    const [created] = await eventually(async () => {
      const rows = await messages(asked);
      return rows.length > 0 && rows.every((m) => m.state === "recorded") && rows;
    });
    expect(created).toMatchObject({ channel: "email", recipient: "c@example.com" });
    expect(await messages(notAsked)).toEqual([]);
  });

  it("a declined attempt is reported as failed, an error as error", async () => {
    const receiver = await startReceiver();
    const declined = await newTransaction(ctx, caller, { webhook_url: receiver.url });
    await deliverReturn(ctx, (await payWith(ctx, declined, CARDS.decline)).next);
    const failed = await newTransaction(ctx, caller, { webhook_url: receiver.url });
    await deliverReturn(ctx, (await payWith(ctx, failed, CARDS.error)).next);
    const got = await eventually(() => receiver.received.length >= 2 && payloads(receiver.received));
    expect(got.map((p) => [p.session_id, p.state, p.result]).sort()).toEqual(
      [
        [declined, "attempted", "failed"],
        [failed, "error", "error"],
      ].sort(),
    );
  });

  it("a receiver answering 500 for a while gets everything after it recovers", async () => {
    let healthy = false;
    const receiver = await startReceiver(() => (healthy ? 200 : 500));
    const sessions: string[] = [];
    for (let i = 0; i < 5; i++) {
      const sessionId = await newTransaction(ctx, caller, { webhook_url: receiver.url });
      await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
      sessions.push(sessionId);
    }
    await eventually(() => receiver.received.length >= 5);
    healthy = true;
    await eventually(async () => {
      const rows = await ctx.db.selectFrom("webhook_deliveries").select("state").where("session_id", "in", sessions).execute();
      return rows.length === 5 && rows.every((r) => r.state === "delivered");
    });
    const ok = payloads(receiver.received.filter((_, i) => i >= receiver.received.length - 5));
    expect(new Set(ok.map((p) => p.session_id))).toEqual(new Set(sessions));
  });

  it("expires a transaction after its expiration time when the toggle is on, with its webhook", async () => {
    await updateSettings({ ctx, input: { expireTransactions: true } });
    const receiver = await startReceiver();
    const sessionId = await newTransaction(ctx, caller, { webhook_url: receiver.url, expiration_time: "00:00:02" });
    await eventually(async () => (await stateOf(ctx, sessionId)) === "expired");
    const [payload] = await eventually(() => receiver.received.length > 0 && payloads(receiver.received));
    expect(payload).toMatchObject({ session_id: sessionId, state: "expired", result: "expired" });
  });

  it("with the toggle off nothing moves until the customer tries to pay", async () => {
    await updateSettings({ ctx, input: { expireTransactions: false } });
    const sessionId = await newTransaction(ctx, caller);
    await passDeadline(ctx, sessionId);
    // The worker's own sweep (maintenance and expiry scheduling) has gone past the deadline and left it alone.
    await runMaintenance({ ctx, input: { requeueDeliveries: true } });
    await scheduleExpiries({ ctx });
    expect(await stateOf(ctx, sessionId)).toBe("created");
    expect(await startPayment({ ctx, input: { sessionId, code: "card" } })).toEqual({ kind: "expired" });
    expect(await stateOf(ctx, sessionId)).toBe("expired");
  });
});
