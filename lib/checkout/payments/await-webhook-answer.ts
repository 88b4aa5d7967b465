import { setTimeout as sleep } from "node:timers/promises";
import { firstDeliveryAnswer } from "@/db/queries/webhooks";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { addWebhookWait } from "@/lib/core/timing/request-timing";
import { answerNotices, type AnswerNotices, type HeardAnswer, hearingAnswers } from "./webhook-answer-notices";

// While the answer's notice can be heard, the database is read again only when it comes (or this long after);
// otherwise every POLL_MS.
const HEARD_RECHECK_MS = 1_000;
const POLL_MS = 150;
// Time for the job engine to pick the delivery up, on top of the webhook's own timeout.
const PICKUP_MS = 2_000;

/**
 * The interface's rule for a transaction with a results endpoint (webhook_url, or a legacy transaction's
 * disclosure_url): the customer is redirected only once the first delivery of the result was answered with
 * HTTP 200 exactly (not any 2xx). Waits for that answer, bounded by the webhook timeout; true when it came and
 * was 200. Woken by the answer's notice (webhook-answer-notices.ts), whichever process recorded it.
 *
 * The bound runs from `resultAt`, when the result was recorded, not from each request: the gateway's return and
 * then the result page (or a reload) share one wait, so with the job engine down a customer waits once. A result
 * time after this process's clock (the database's clock ahead) counts from now.
 */
export async function awaitWebhookAnswer({ ctx, input }: { ctx: Ctx; input: { sessionId: string; resultAt: Date | null } }): Promise<boolean> {
  const from = Math.min(Date.now(), input.resultAt?.getTime() ?? Infinity);
  const deadline = from + env.WEBHOOK_TIMEOUT_SECONDS * 1000 + PICKUP_MS;
  const url = env.DATABASE_URL;
  // Heard from before the first read once this process listens (one read fewer while the answer is not in);
  // until then from after it, so that a page whose answer is in already opens no listening connection.
  let notices: AnswerNotices | null = url && hearingAnswers() ? answerNotices(url, input.sessionId) : null;
  try {
    for (;;) {
      const answer = await firstDeliveryAnswer(ctx.db, input.sessionId);
      if (answer?.tried) return answer.status === 200;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      if (!notices && url) {
        // Heard from now on: an answer recorded before is seen by the read that follows at once.
        notices = answerNotices(url, input.sessionId);
        continue;
      }
      const started = performance.now();
      const heard = await (notices ? notices.next(Math.min(left, notices.live() ? HEARD_RECHECK_MS : POLL_MS)) : sleep(Math.min(left, POLL_MS)));
      addWebhookWait(performance.now() - started);
      if (heard && answersTheWait(heard, answer)) return heard.status === 200;
    }
  } finally {
    notices?.close();
  }
}

/**
 * Whether a notice settles the wait without reading again: it tells of a first try, of the delivery the last read
 * found untried or, when that read found none yet, of the delivery planned since. Anything else is read again.
 */
function answersTheWait(heard: HeardAnswer, read: { deliveryId: string } | null): boolean {
  return heard.attemptNo === 1 && (read === null || heard.deliveryId === BigInt(read.deliveryId));
}
