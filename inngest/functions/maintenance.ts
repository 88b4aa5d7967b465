import { cron } from "inngest";
import { appContext } from "@/lib/context";
import { runMaintenance } from "@/lib/jobs/run-maintenance";
import { inngest } from "../client";
import { maintenanceRequested } from "../events";

/**
 * The safety net, every minute: expires overdue transactions whose run was missed, frees relay jobs of dead
 * workers, forgets old idempotency keys. Webhook retries live in their Inngest runs, so none are requeued.
 */
export const maintenance = inngest.createFunction(
  {
    id: "maintenance",
    name: "Maintenance sweep",
    triggers: [cron("* * * * *"), { event: maintenanceRequested }],
    concurrency: { limit: 1 },
  },
  async ({ step }) => step.run("sweep", () => runMaintenance({ ctx: appContext(), input: { requeueDeliveries: false } })),
);
