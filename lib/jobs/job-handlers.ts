import type { JobTask } from "@/db/job-catalog";
import type { Ctx } from "@/lib/core/context";
import { expireTransaction } from "@/lib/checkout/expiry/expire-transaction";
import { resumeOperation } from "@/lib/checkout/operations/resume-operation";
import { sendMessage } from "@/lib/delivery/notifications/send-message";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { planEventEffects } from "./plan-event-effects";
import { runMaintenance } from "./run-maintenance";

/** A job the work causes, queued by the engine that ran it. */
export interface FollowUp {
  task: JobTask;
  id: string;
}

/**
 * What a job does, given its id ("" for a job without one). `run` calls a domain verb; what it returns is the
 * Inngest run's result. `fanOut` plans the jobs that follow and returns them, idempotently (planning again finds
 * the same rows): the embedded engine queues their jobs after it, Inngest sends their events after its step.
 */
export type JobHandler =
  | { run: (ctx: Ctx, id: string) => Promise<unknown> }
  | { fanOut: (ctx: Ctx, id: string) => Promise<{ result: unknown; followUps: FollowUp[] }> };

/** The handler of every job of the catalog (db/job-catalog.ts). */
export const jobHandlers: Record<JobTask, JobHandler> = {
  // The event's webhook and messages.
  "dispatch-event": {
    fanOut: async (ctx, eventId) => {
      const effects = await planEventEffects(ctx.db, eventId);
      const followUps: FollowUp[] = [
        ...effects.deliveryIds.map((id) => ({ task: "deliver-webhook" as const, id })),
        ...effects.messageIds.map((id) => ({ task: "send-message" as const, id })),
      ];
      return { result: effects, followUps };
    },
  },
  // The embedded engine's retry is a job written with the try's record; Inngest's function loops itself.
  "deliver-webhook": { run: (ctx, deliveryId) => attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: true } }) },
  "send-message": { run: (ctx, messageId) => sendMessage({ ctx, input: { messageId } }) },
  "settle-operation": {
    run: async (ctx, operationId) => ({
      operationId,
      state: await resumeOperation({ ctx, input: { operationId, settle: false, cause: "gateway" } }),
    }),
  },
  "expire-transaction": { run: (ctx, sessionId) => expireTransaction({ ctx, input: { sessionId } }) },
  // Overdue deliveries are queued again here; Inngest's function requests them as events.
  maintenance: { run: (ctx) => runMaintenance({ ctx, input: { requeueDeliveries: true } }) },
};
