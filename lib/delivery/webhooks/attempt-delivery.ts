import { enqueueJob, jobSpec } from "@/db/queries/jobs";
import { findDeliveryToSend, recordDeliveryAttempt } from "@/db/queries/webhooks";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { logger } from "@/lib/core/log/logger";
import { observeWebhookDelivery } from "@/lib/core/metrics/metrics";
import { refuseTarget } from "./check-target-url";
import { postWebhook, type WebhookAnswer } from "./post-webhook";
import { signingKeys } from "./signing-keys";
import { webhookBody } from "./webhook-body";
import { slotRetryAt, takeTargetSlot } from "./target-slots";

type Delivery = NonNullable<Awaited<ReturnType<typeof findDeliveryToSend>>>;

export type DeliveryStep = { done: true } | { done: false; retryAt: Date };

/**
 * One try at delivering a planned webhook. Network errors, timeouts, 429 and 5xx are retried on the published
 * schedule (WEBHOOK_RETRY_SCHEDULE); other answers end the delivery. Safe to run again: a finished delivery
 * is left alone.
 */
export async function attemptDelivery({
  ctx,
  input,
}: {
  ctx: Ctx;
  /**
   * scheduleRetry: enqueue the next try as a job together with this try's record (the embedded engine). firstTry:
   * the try its event's dispatch makes, none when the delivery was tried before (its retry is queued already).
   */
  input: { deliveryId: string; scheduleRetry: boolean; firstTry?: boolean };
}): Promise<DeliveryStep> {
  const delivery = await findDeliveryToSend(ctx.db, input.deliveryId);
  if (!delivery || delivery.state !== "pending" || (input.firstTry && delivery.attempt_count > 0)) return { done: true };
  const body = webhookBody(delivery.payload);

  const refusal = await refuseTarget(delivery.url);
  const answer: Answer | typeof SLOW_RECEIVER = refusal === null ? await postToReceiver(delivery, body) : { error: refusal };
  if (answer === SLOW_RECEIVER) {
    // Not a try: the receiver already has its share of this process's requests in flight and is slow to answer.
    const retryAt = slotRetryAt();
    // Behind every job that is due: a busy receiver's backlog never delays other receivers' deliveries.
    if (input.scheduleRetry) await enqueueJob(ctx.db, jobSpec("deliver-webhook", delivery.id, { runAt: retryAt, priority: 1 }));
    return { done: false, retryAt };
  }

  const attemptNo = delivery.attempt_count + 1;
  const { status = null, excerpt = null, error = null, durationMs = 0, sentHeaders = null } = answer;
  const delivered = status !== null && status >= 200 && status < 300;
  const retryable = refusal === null && !delivered && (status === null || status === 429 || status >= 500);
  const delay = env.WEBHOOK_RETRY_SCHEDULE[attemptNo - 1];
  const retryAt = retryable && delay !== undefined ? new Date(Date.now() + delay * 1000) : null;
  const state = delivered ? "delivered" : retryAt ? "pending" : "failed";
  await recordDeliveryAttempt(
    ctx.db,
    { deliveryId: delivery.id, attemptNo, status, durationMs, excerpt, error, headers: sentHeaders },
    { state, nextAttemptAt: retryAt },
    retryAt && input.scheduleRetry ? jobSpec("deliver-webhook", delivery.id, { runAt: retryAt }) : undefined,
  );
  observeWebhookDelivery(state === "pending" ? "retrying" : state, durationMs);
  if (state !== "delivered") logger.info({ deliveryId: delivery.id, attemptNo, status, error, state }, "webhook not delivered");
  return retryAt ? { done: false, retryAt } : { done: true };
}

const SLOW_RECEIVER = Symbol("slow receiver");

type Answer = Partial<WebhookAnswer> & { error?: string | null };

/** The signed POST, holding one of the receiver's slots only while the request is in flight. */
async function postToReceiver(delivery: Delivery, body: string): Promise<WebhookAnswer | typeof SLOW_RECEIVER> {
  const release = await takeTargetSlot(delivery.url);
  if (!release) return SLOW_RECEIVER;
  try {
    return await postWebhook({ url: delivery.url, id: delivery.event_id, body, keys: signingKeys(delivery) });
  } finally {
    release();
  }
}
