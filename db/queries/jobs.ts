import { type RawBuilder, sql } from "kysely";
import type { Db } from "../client";

export interface JobSpec {
  task: string;
  /** A JSON object, or a SQL json expression over the statement's own rows. */
  payload: Record<string, unknown> | RawBuilder<unknown>;
  runAt?: Date | RawBuilder<unknown>;
  /** One pending job per key: adding again replaces it (rescheduling), never duplicates it. */
  jobKey?: string | RawBuilder<unknown>;
  /** "replace" (default) reschedules a pending job with the key; "preserve_run_at" keeps its time. */
  jobKeyMode?: "replace" | "preserve_run_at";
  /** Lower runs first among due jobs (graphile-worker's order); 0 by default. */
  priority?: number;
}

/**
 * A graphile-worker add_job call, to embed in the statement that makes the change causing the job: the job
 * commits (or rolls back) together with the change, so no side effect is ever lost or sent for nothing.
 */
export function addJob(spec: JobSpec): RawBuilder<unknown> {
  const payload = isSql(spec.payload) ? spec.payload : sql`${JSON.stringify(spec.payload)}::json`;
  return sql`graphile_worker.add_job(${spec.task}, ${payload},
    run_at := ${spec.runAt ?? null}::timestamptz, job_key := ${spec.jobKey ?? null}::text,
    job_key_mode := ${spec.jobKeyMode ?? "replace"}::text, priority := ${spec.priority ?? 0}::int)`;
}

const isSql = (v: unknown): v is RawBuilder<unknown> => typeof v === "object" && v !== null && "toOperationNode" in v;

export async function enqueueJob(db: Db, spec: JobSpec): Promise<void> {
  await sql`SELECT ${addJob(spec)}`.execute(db);
}

/**
 * Jobs held by a worker that died (killed, crashed) stay locked; our tasks finish in well under a minute,
 * so a lock this old is an orphan, released here for another run.
 */
export async function releaseStaleJobLocks(db: Db, olderThanSeconds: number): Promise<number> {
  const result = await sql`
    UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL
    WHERE locked_at < now() - make_interval(secs => ${olderThanSeconds})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
