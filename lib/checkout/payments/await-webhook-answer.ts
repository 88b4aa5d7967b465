import { firstDeliveryAnswer } from "@/db/queries/webhooks";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";

const POLL_MS = 150;
// Time for the job engine to pick the delivery up, on top of the webhook's own timeout.
const PICKUP_MS = 2_000;

/**
 * The interface's rule for a transaction with a results endpoint (webhook_url, or a legacy transaction's
 * disclosure_url): the customer is redirected only once the first delivery of the result was answered with
 * HTTP 200 exactly (not any 2xx). Waits for that answer, bounded by the webhook timeout; true when it came and
 * was 200.
 */
export async function awaitWebhookAnswer({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<boolean> {
  const deadline = Date.now() + env.WEBHOOK_TIMEOUT_SECONDS * 1000 + PICKUP_MS;
  for (;;) {
    const answer = await firstDeliveryAnswer(ctx.db, input.sessionId);
    if (answer?.tried) return answer.status === 200;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
