import { firstDeliveryAnswer } from "@/db/queries/webhooks";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { addWebhookWait } from "@/lib/core/timing/request-timing";
import { answerNotices, type AnswerNotices } from "./webhook-answer-notices";

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
 */
export async function awaitWebhookAnswer({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<boolean> {
  const deadline = Date.now() + env.WEBHOOK_TIMEOUT_SECONDS * 1000 + PICKUP_MS;
  let notices: AnswerNotices | null = null;
  try {
    for (;;) {
      const answer = await firstDeliveryAnswer(ctx.db, input.sessionId);
      if (answer?.tried) return answer.status === 200;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      if (!notices && env.DATABASE_URL) {
        // Heard from now on: an answer recorded before is seen by the read that follows at once.
        notices = answerNotices(env.DATABASE_URL, input.sessionId);
        continue;
      }
      const started = performance.now();
      if (notices) await notices.next(Math.min(left, notices.live() ? HEARD_RECHECK_MS : POLL_MS));
      else await new Promise((resolve) => setTimeout(resolve, Math.min(left, POLL_MS)));
      addWebhookWait(performance.now() - started);
    }
  } finally {
    notices?.close();
  }
}
