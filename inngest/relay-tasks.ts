import type { Task, TaskList } from "graphile-worker";
import { findTransactionView } from "@/db/queries/transactions";
import { inngest } from "@/inngest/client";
import { outgoing } from "@/inngest/events";
import type { Ctx } from "@/lib/core/context";

type Sender = Pick<typeof inngest, "send">;

/** A payload field the job must carry; a job without it fails (and graphile-worker says so in its record). */
function need(payload: unknown, key: string): string {
  const value = (payload as Record<string, unknown> | null)?.[key];
  if (typeof value !== "string" || value === "") throw new Error(`job payload has no ${key}`);
  return value;
}

/**
 * The job handlers with JOB_ENGINE=inngest: the graphile-worker queue, written in the same database
 * transaction as each state change, is the outbox, and each job only hands its work to Inngest as an event
 * (with a dedupe id). A failed send fails the job, which graphile-worker retries with backoff; a job run twice
 * sends an event Inngest has already seen, and ignores.
 */
export function relayTasks(ctx: Ctx, client: Sender = inngest): TaskList {
  const send = async (event: Parameters<Sender["send"]>[0]) => {
    await client.send(event);
  };
  const tasks: Record<string, Task> = {
    "dispatch-event": (payload) => send(outgoing.eventRecorded(need(payload, "eventId"))),
    // The relay's own time would drift with retries: the deadline (and its dedupe id) comes from the row.
    "expire-transaction": async (payload) => {
      const sessionId = need(payload, "sessionId");
      const view = await findTransactionView(ctx.db, sessionId);
      if (view) await send(outgoing.expiryDue(sessionId, view.txn.expires_at));
    },
    "settle-operation": (payload) => send(outgoing.operationRequested(need(payload, "operationId"))),
    maintenance: () => send(outgoing.maintenanceRequested(new Date())),
    // Queued in this mode only by a retry from the panel (dispatch fans out inside Inngest), whose due time
    // makes it a new request; jobs left by the embedded engine are handed over too when a deployment switches.
    "deliver-webhook": (payload) => {
      const dueAt = (payload as { dueAt?: unknown } | null)?.dueAt;
      const id = need(payload, "deliveryId");
      return send(typeof dueAt === "string" ? outgoing.webhookRerequested(id, new Date(dueAt)) : outgoing.webhookRequested(id));
    },
    "send-message": (payload) => send(outgoing.messageRequested(need(payload, "messageId"))),
  };
  return tasks;
}
