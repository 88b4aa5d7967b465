import { type RawBuilder, sql } from "kysely";
import type { Db } from "../client";
import { jobDefinition, type JobDefinition, type JobTask } from "../job-catalog";

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

export interface JobOptions {
  runAt?: Date;
  /** Instead of the catalog's key mode (see JobDefinition.keyMode). */
  keyMode?: JobDefinition["keyMode"];
  priority?: number;
  /** Payload beside the job's id (a retried delivery's due time). */
  data?: Record<string, unknown>;
}

/** The job `task` about the row `id` (none for a job without id), as the catalog (db/job-catalog.ts) defines it. */
export function jobSpec(task: JobTask, id = "", options: JobOptions = {}): JobSpec {
  const { id: field, key, keyMode } = jobDefinition(task);
  return {
    task,
    payload: field === null ? { ...options.data } : { [field]: id, ...options.data },
    runAt: options.runAt,
    jobKey: field === null ? key : `${key}:${id}`,
    jobKeyMode: options.keyMode ?? keyMode,
    priority: options.priority,
  };
}

/**
 * The add_job of `task` inside a SQL statement: `id` is the SQL of the row's id in that statement (the event it
 * inserts, the transactions it marks), `runAt` the SQL of its time.
 */
export function addJobSql(task: JobTask, id: RawBuilder<unknown>, options: { runAt?: RawBuilder<unknown> } = {}): RawBuilder<unknown> {
  const { id: field, key, keyMode } = jobDefinition(task);
  if (field === null) throw new Error(`${task} is about no row`);
  return addJob({
    task,
    payload: sql`json_build_object(${sql.lit(field)}, ${id})`,
    runAt: options.runAt,
    jobKey: sql`${sql.lit(`${key}:`)} || ${id}`,
    jobKeyMode: keyMode,
  });
}

const isSql = (v: unknown): v is RawBuilder<unknown> => typeof v === "object" && v !== null && "toOperationNode" in v;

export async function enqueueJob(db: Db, spec: JobSpec): Promise<void> {
  await sql`SELECT ${addJob(spec)}`.execute(db);
}

/**
 * Jobs held by a worker that died (killed, crashed) stay locked. A lock is released for another run when its pool
 * stopped noting that it is alive `silentSeconds` ago, or, whoever holds it, once it is `olderThanSeconds` old:
 * our tasks finish in well under a minute, so such a lock is an orphan (of a worker that never noted itself).
 */
export async function releaseStaleJobLocks(db: Db, { olderThanSeconds, silentSeconds }: { olderThanSeconds: number; silentSeconds: number }): Promise<number> {
  const result = await sql`
    UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL
    WHERE locked_at < now() - make_interval(secs => ${olderThanSeconds})
       OR (locked_at < now() - make_interval(secs => ${silentSeconds})
           AND locked_by IN (SELECT pool_id FROM job_pool_heartbeats WHERE seen_at < now() - make_interval(secs => ${silentSeconds})))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A pool is alive: noted now (first beat included). */
export async function notePoolAlive(db: Db, poolId: string): Promise<void> {
  await db
    .insertInto("job_pool_heartbeats")
    .values({ pool_id: poolId, seen_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column("pool_id").doUpdateSet({ seen_at: sql<Date>`now()` }))
    .execute();
}

/** A pool stopped cleanly, or died a day ago (its jobs long released): forgotten. */
export async function forgetPools(db: Db, which: { poolId: string } | { silentForSeconds: number }): Promise<void> {
  await db
    .deleteFrom("job_pool_heartbeats")
    .where((eb) =>
      "poolId" in which ? eb("pool_id", "=", which.poolId) : eb("seen_at", "<", sql<Date>`now() - make_interval(secs => ${which.silentForSeconds})`),
    )
    .execute();
}
