import { jobCatalog } from "@/db/job-catalog";
import { appContext } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { inngest } from "../client";
import { jobEvents } from "../events";

/**
 * Delivers one planned webhook: a try per step, each recorded; between tries the run sleeps until the time the
 * published schedule (WEBHOOK_RETRY_SCHEDULE) gives. Ends when delivered, refused or out of retries.
 */
export const deliverWebhook = inngest.createFunction(
  {
    id: "deliver-webhook",
    name: jobCatalog["deliver-webhook"].title,
    triggers: [{ event: jobEvents["deliver-webhook"] }],
    // One run at a time per delivery, so two requests for it never post concurrently.
    concurrency: { limit: 1, key: "event.data.deliveryId" },
  },
  async ({ event, step }) => {
    const { deliveryId } = event.data;
    const tries = env.WEBHOOK_RETRY_SCHEDULE.length + 1;
    for (let n = 1; n <= tries; n++) {
      const outcome = await step.run(`attempt-${n}`, () =>
        attemptDelivery({ ctx: appContext(), input: { deliveryId, scheduleRetry: false } }),
      );
      if (outcome.done) return { deliveryId, tries: n };
      await step.sleepUntil(`wait-${n}`, outcome.retryAt);
    }
    return { deliveryId, tries };
  },
);
