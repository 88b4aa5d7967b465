/**
 * Every background job, defined once. A job is about one row, named by the single id field of its payload; its
 * handler (the domain verb it runs) is in lib/jobs/job-handlers.ts. Both engines are derived from the two:
 * graphile-worker's task list (lib/jobs/embedded-tasks.ts) and, with JOB_ENGINE=inngest, the relay of each job
 * to Inngest as an event (inngest/relay-tasks.ts) and the Inngest function it triggers (inngest/functions).
 * Jobs are written with db/queries/jobs.ts: jobSpec() from TypeScript, addJobSql() inside a SQL statement.
 */
export interface JobDefinition {
  /** What the job does (its Inngest function's name). */
  title: string;
  /** The payload's one field, the id of the row the job is about; null for a job without payload. */
  id: string | null;
  /** The job key is `<key>:<id>` (`<key>` alone without id): one pending job per key, never two. */
  key: string;
  /** Adding the job again while one is pending: "replace" reschedules it, "preserve_run_at" keeps its time. */
  keyMode: "replace" | "preserve_run_at";
  /** The event the job is relayed to Inngest as. */
  event: string;
  /**
   * The event's dedupe id: Inngest ignores a second event with the same id (within 24 hours), so a relay job run
   * twice starts one run. `id` is the job's id ("" without one); `at` is when the event is sent, or the time the
   * event is for (an expiry's deadline).
   */
  dedupe(id: string, at: Date): string;
  /** Retries of the job's Inngest function (Inngest's default without; it takes 0 to 20). */
  retries?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;
}

const minute = (at: Date) => Math.floor(at.getTime() / 60_000);

export const jobCatalog = {
  "dispatch-event": {
    title: "Dispatch a transaction event",
    id: "eventId",
    key: "event",
    keyMode: "replace",
    event: "checkout/event.recorded",
    dedupe: (id) => `event-${id}`,
  },
  "deliver-webhook": {
    title: "Deliver a webhook",
    id: "deliveryId",
    key: "webhook",
    keyMode: "replace",
    event: "checkout/webhook.requested",
    dedupe: (id) => `webhook-${id}`,
  },
  "send-message": {
    title: "Send an e-mail or SMS",
    id: "messageId",
    key: "message",
    keyMode: "preserve_run_at",
    event: "checkout/message.requested",
    dedupe: (id) => `message-${id}`,
    retries: 5,
  },
  // Keyed by the minute too: a sweep may ask again about an operation its gateway still leaves pending.
  "settle-operation": {
    title: "Settle an operation",
    id: "operationId",
    key: "operation",
    keyMode: "preserve_run_at",
    event: "checkout/operation.requested",
    dedupe: (id, at) => `operation-${id}-${minute(at)}`,
    retries: 5,
  },
  // Keyed by the deadline too: a transaction whose expiration time changed is scheduled again.
  "expire-transaction": {
    title: "Expire a transaction",
    id: "sessionId",
    key: "expire",
    keyMode: "replace",
    event: "checkout/transaction.expiry-due",
    dedupe: (id, at) => `expiry-${id}-${at.getTime()}`,
  },
  // At most one per minute, however many relay workers queue it.
  maintenance: {
    title: "Maintenance sweep",
    id: null,
    key: "maintenance",
    keyMode: "preserve_run_at",
    event: "checkout/maintenance.requested",
    dedupe: (_id, at) => `maintenance-${minute(at)}`,
  },
} as const satisfies Record<string, JobDefinition>;

export type JobTask = keyof typeof jobCatalog;
export const jobTasks = Object.keys(jobCatalog) as JobTask[];

export const jobDefinition = (task: JobTask): JobDefinition => jobCatalog[task];

/** The id a job's payload carries ("" for a job without one); a payload without it fails the job, loudly. */
export function payloadId(task: JobTask, payload: unknown): string {
  const field = jobDefinition(task).id;
  if (field === null) return "";
  const value = (payload as Record<string, unknown> | null)?.[field];
  if (typeof value !== "string" || value === "") throw new Error(`job payload has no ${field}`);
  return value;
}
