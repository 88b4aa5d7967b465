import type { Task, TaskList } from "graphile-worker";
import { enqueueJob } from "@/db/queries/jobs";
import type { Ctx } from "@/lib/core/context";
import { expireTransaction } from "@/lib/checkout/expiry/expire-transaction";
import { sendMessage } from "@/lib/delivery/notifications/send-message";
import { resumeOperation } from "@/lib/checkout/operations/resume-operation";
import { attemptDelivery, deliveryJob } from "@/lib/delivery/webhooks/attempt-delivery";
import { planEventEffects } from "./plan-event-effects";
import { runMaintenance } from "./run-maintenance";

type Payload<K extends string> = Record<K, string>;
const field = <K extends string>(payload: unknown, key: K) => String((payload as Payload<K>)[key]);

/** The job handlers of the embedded engine (graphile-worker): the plain functions of lib/, one per task. */
export function embeddedTasks(ctx: Ctx): TaskList {
  const tasks: Record<string, Task> = {
    // Plans the event's webhook and messages and queues a job for each, all in one database transaction.
    "dispatch-event": async (payload) => {
      await ctx.db.transaction().execute(async (trx) => {
        const effects = await planEventEffects(trx, field(payload, "eventId"));
        for (const id of effects.deliveryIds) await enqueueJob(trx, { ...deliveryJob(id), jobKeyMode: "preserve_run_at" });
        for (const id of effects.messageIds) {
          await enqueueJob(trx, { task: "send-message", payload: { messageId: id }, jobKey: `message:${id}`, jobKeyMode: "preserve_run_at" });
        }
      });
    },
    "deliver-webhook": async (payload) => {
      await attemptDelivery({ ctx, input: { deliveryId: field(payload, "deliveryId"), scheduleRetry: true } });
    },
    "send-message": async (payload) => {
      await sendMessage({ ctx, input: { messageId: field(payload, "messageId") } });
    },
    "settle-operation": async (payload) => {
      await resumeOperation({ ctx, input: { operationId: field(payload, "operationId"), settle: false, cause: "gateway" } });
    },
    "expire-transaction": async (payload) => {
      await expireTransaction({ ctx, input: { sessionId: field(payload, "sessionId") } });
    },
    maintenance: async () => {
      await runMaintenance({ ctx, input: { requeueDeliveries: true } });
    },
  };
  return tasks;
}
