import { cron } from "inngest";
import { overdueDeliveries } from "@/db/queries/webhooks";
import { appContext } from "@/lib/context";
import { env } from "@/lib/env";
import { runMaintenance } from "@/lib/jobs/run-maintenance";
import { inngest } from "../client";
import { maintenanceRequested, outgoing } from "../events";

/**
 * The safety net, every minute: expires overdue transactions whose run was missed, frees relay jobs of dead
 * workers, forgets old idempotency keys. Webhook retries live in their Inngest runs; a delivery still pending
 * long past its time (its run failed for good, say during a database outage) is requested again.
 */
export const maintenance = inngest.createFunction(
  {
    id: "maintenance",
    name: "Maintenance sweep",
    triggers: [cron("* * * * *"), { event: maintenanceRequested }],
    concurrency: { limit: 1 },
  },
  async ({ step }) => {
    const swept = await step.run("sweep", () => runMaintenance({ ctx: appContext(), input: { requeueDeliveries: false } }));
    const stuck = await step.run("find-stuck-webhooks", async () =>
      (await overdueDeliveries(appContext().db, env.JOB_LOCK_STALE_SECONDS)).map((d) => outgoing.webhookRerequested(d.id, d.next_attempt_at)),
    );
    if (stuck.length > 0) await step.sendEvent("request-stuck-webhooks", stuck);
    return { ...swept, webhooksRequested: stuck.length };
  },
);
