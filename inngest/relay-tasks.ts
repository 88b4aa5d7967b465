import type { TaskList } from "graphile-worker";
import { jobTasks, payloadId, type JobTask } from "@/db/job-catalog";
import { findTransactionView } from "@/db/queries/transactions";
import { inngest } from "@/inngest/client";
import { expiryEvent, jobEvent, webhookRerequest } from "@/inngest/events";
import type { Ctx } from "@/lib/core/context";

type Sender = Pick<typeof inngest, "send">;
type Event = ReturnType<typeof jobEvent>;

/** The jobs whose event is not just their id, sent now (jobEvent): nothing is sent for a null. */
const relayOverrides: Partial<Record<JobTask, (ctx: Ctx, payload: unknown) => Promise<Event | null>>> = {
  // The relay's own time would drift with retries: the deadline (and its dedupe id) comes from the row.
  "expire-transaction": async (ctx, payload) => {
    const sessionId = payloadId("expire-transaction", payload);
    const view = await findTransactionView(ctx.db, sessionId);
    return view ? expiryEvent(sessionId, view.txn.expires_at) : null;
  },
  // Queued in this mode only by a retry from the panel (dispatch fans out inside Inngest), whose due time
  // makes it a new request; jobs left by the embedded engine are handed over too when a deployment switches.
  "deliver-webhook": async (_ctx, payload) => {
    const dueAt = (payload as { dueAt?: unknown } | null)?.dueAt;
    const id = payloadId("deliver-webhook", payload);
    return typeof dueAt === "string" ? webhookRerequest(id, new Date(dueAt)) : jobEvent("deliver-webhook", id);
  },
};

/**
 * The job handlers with JOB_ENGINE=inngest, one per job of the catalog: the graphile-worker queue, written in
 * the same database transaction as each state change, is the outbox, and each job only hands its work to
 * Inngest as an event (with a dedupe id). A failed send fails the job, which graphile-worker retries with
 * backoff; a job run twice sends an event Inngest has already seen, and ignores. A payload without its id fails
 * the job (and graphile-worker says so in its record).
 */
export function relayTasks(ctx: Ctx, client: Sender = inngest): TaskList {
  const relay = (task: JobTask) => async (payload: unknown) => {
    const override = relayOverrides[task];
    const event = override ? await override(ctx, payload) : jobEvent(task, payloadId(task, payload));
    if (event) await client.send(event);
  };
  return Object.fromEntries(jobTasks.map((task) => [task, relay(task)]));
}
