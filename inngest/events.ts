import { eventType } from "inngest";
import { z } from "zod";
import { jobCatalog, jobDefinition, jobTasks, type JobTask } from "@/db/job-catalog";

// The events between the outbox relay (inngest/relay-tasks.ts) and the Inngest functions (inngest/functions):
// one per job of the catalog (db/job-catalog.ts), named there, its data the job's id, sent with the job's dedupe
// id, so a relay job run twice, or a fan-out step repeated, starts each function once.

const id = z.string().min(1);

type IdField<T extends JobTask> = (typeof jobCatalog)[T]["id"];
type JobData<T extends JobTask> = IdField<T> extends string ? Record<IdField<T>, string> : Record<never, never>;

function jobEventType<T extends JobTask>(task: T) {
  const field: string | null = jobCatalog[task].id;
  const schema = z.object(field === null ? {} : { [field]: id }) as unknown as z.ZodType<JobData<T>, JobData<T>>;
  return eventType(jobCatalog[task].event, { schema });
}

/** A transaction's expiration time is in its event too: the function sleeps until then. */
export const expiryDue = eventType(jobCatalog["expire-transaction"].event, {
  schema: z.object({ sessionId: id, expiresAt: z.iso.datetime({ offset: true }) }),
});

/** The event each job's function is triggered by, by task. */
export const jobEvents = {
  ...(Object.fromEntries(jobTasks.map((task) => [task, jobEventType(task)])) as { [T in JobTask]: ReturnType<typeof jobEventType<T>> }),
  "expire-transaction": expiryDue,
};

/** The event that hands a job to Inngest, with its dedupe id (`at`: see JobDefinition.dedupe). */
export function jobEvent(task: JobTask, jobId: string, at = new Date()) {
  const { event, id: field, dedupe } = jobDefinition(task);
  return { name: event, id: dedupe(jobId, at), data: field === null ? {} : { [field]: jobId } };
}

/** A transaction's expiry, due at its deadline (which keys it). */
export const expiryEvent = (sessionId: string, expiresAt: Date) => ({
  ...jobEvent("expire-transaction", sessionId, expiresAt),
  data: { sessionId, expiresAt: expiresAt.toISOString() },
});

/**
 * A delivery still pending long after its time (its run failed or was lost), or retried from the panel:
 * requested again, keyed by its progress (`dueAt`, null before a first try), so each stuck state is requested once.
 */
export function webhookRerequest(deliveryId: string, dueAt: Date | null) {
  const event = jobEvent("deliver-webhook", deliveryId);
  return { ...event, id: `${event.id}-due-${dueAt ? dueAt.getTime() : "first"}` };
}
