import { cron } from "inngest";
import { jobCatalog } from "@/db/job-catalog";
import { appContext } from "@/lib/core/context";
import { runMaintenance } from "@/lib/jobs/run-maintenance";
import { inngest } from "../client";
import { jobEvents, webhookRerequest } from "../events";

/**
 * The safety net, every minute: expires overdue transactions whose run was missed, frees relay jobs of dead
 * workers, forgets old idempotency keys. Webhook retries live in their Inngest runs; a delivery still pending
 * long past its time (its run failed for good, say during a database outage) is requested again.
 */
export const maintenance = inngest.createFunction(
  {
    id: "maintenance",
    name: jobCatalog.maintenance.title,
    triggers: [cron("* * * * *"), { event: jobEvents.maintenance }],
    concurrency: { limit: 1 },
  },
  async ({ step }) => {
    const { overdueDeliveries, ...swept } = await step.run("sweep", () =>
      runMaintenance({ ctx: appContext(), input: { requeueDeliveries: false } }),
    );
    const stuck = overdueDeliveries.map((d) => webhookRerequest(d.id, d.nextAttemptAt ? new Date(d.nextAttemptAt) : null));
    if (stuck.length > 0) await step.sendEvent("request-stuck-webhooks", stuck);
    return { ...swept, webhooksRequested: stuck.length };
  },
);
