import { InngestTestEngine } from "@inngest/test";
import { beforeAll, describe, expect, it } from "vitest";
import { deliverWebhook } from "@/inngest/functions";
import type { Caller } from "@/lib/access/auth/permissions";
import { env } from "@/lib/core/env";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { closeAppContextAfterAll, outgoing, received } from "../support/inngest-run";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

const ctx = testContext();
closeAppContextAfterAll();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { webhookHmacKey: "inngest-test-key" } });
});

/** A paid transaction whose webhook to `url` has been planned; returns the delivery id. */
async function plannedDelivery(url: string) {
  const sessionId = await newTransaction(ctx, caller, { webhook_url: url });
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
  const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
  const { deliveryIds } = await planEventEffects(ctx.db, paid.event_id);
  return { sessionId, deliveryId: deliveryIds[0]! };
}

// The waits between tries are Inngest's (the run is resumed at the time); here they end at once.
const waits = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `wait-${i + 1}`, handler: () => null }));
const deliver = (deliveryId: string) =>
  new InngestTestEngine({ function: deliverWebhook }).execute({
    events: [received(outgoing.webhookRequested(deliveryId))],
    steps: waits(env.WEBHOOK_RETRY_SCHEDULE.length),
  });

const delivery = (id: string) => ctx.db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const attemptsOf = (id: string) =>
  ctx.db.selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", id).orderBy("attempt_no").execute();

describe("Inngest function deliver-webhook", () => {
  it("retries after a 500 at the time the schedule gives, and ends delivered with both tries recorded", async () => {
    const receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
    const { sessionId, deliveryId } = await plannedDelivery(receiver.url);
    const started = Date.now();
    const { result, error, ctx: run } = await deliver(deliveryId);
    expect(error).toBeUndefined();
    expect(result).toEqual({ deliveryId, tries: 2 });

    expect(receiver.received).toHaveLength(2);
    expect(JSON.parse(receiver.received[1]!.body)).toMatchObject({ session_id: sessionId, state: "paid" });
    // Both tries carry the same Standard Webhooks id, for the receiver's dedupe.
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);
    expect((await attemptsOf(deliveryId)).map((a) => [a.attempt_no, a.status_code])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(await delivery(deliveryId)).toMatchObject({ state: "delivered", attempt_count: 2, last_status: 200 });

    expect(run.step.run).toHaveBeenCalledTimes(2);
    expect(run.step.sleepUntil).toHaveBeenCalledTimes(1);
    const [id, until] = run.step.sleepUntil.mock.calls[0]!;
    expect(id).toBe("wait-1");
    const delay = new Date(until as string).getTime() - started;
    expect(delay).toBeGreaterThanOrEqual(env.WEBHOOK_RETRY_SCHEDULE[0]! * 1000);
    expect(delay).toBeLessThan(env.WEBHOOK_RETRY_SCHEDULE[0]! * 1000 + 5_000);
  });

  it("gives up after the last retry of the schedule: one try more than the schedule has delays", async () => {
    const receiver = await startReceiver(() => 503);
    const { deliveryId } = await plannedDelivery(receiver.url);
    const tries = env.WEBHOOK_RETRY_SCHEDULE.length + 1;
    const { result, ctx: run } = await deliver(deliveryId);
    expect(result).toEqual({ deliveryId, tries });
    expect(receiver.received).toHaveLength(tries);
    expect(await attemptsOf(deliveryId)).toHaveLength(tries);
    expect(await delivery(deliveryId)).toMatchObject({ state: "failed", attempt_count: tries, last_status: 503 });
    expect(run.step.sleepUntil.mock.calls.map((c) => c[0])).toEqual(waits(tries - 1).map((w) => w.id));
  });

  it("ends at once on an answer that is not retried (4xx), and does nothing for a finished delivery", async () => {
    const receiver = await startReceiver(() => 410);
    const { deliveryId } = await plannedDelivery(receiver.url);
    expect((await deliver(deliveryId)).result).toEqual({ deliveryId, tries: 1 });
    expect(await delivery(deliveryId)).toMatchObject({ state: "failed", attempt_count: 1 });

    const again = await deliver(deliveryId);
    expect(again.result).toEqual({ deliveryId, tries: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(again.ctx.step.sleepUntil).not.toHaveBeenCalled();
  });
});
