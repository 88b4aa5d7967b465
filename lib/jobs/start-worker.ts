import { EventEmitter } from "node:events";
import { Logger, run, type TaskList, type WorkerEvents } from "graphile-worker";
import pg from "pg";
import { createDb, IDLE_CONNECTION_MS } from "@/db/client";
import { hearConfigChangesOn, stopConfigCache } from "@/lib/core/cache/config-cache";
import { enqueueJob, jobSpec } from "@/db/queries/jobs";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { EXPIRY_SCHEDULE_INTERVAL_MS, scheduleExpiries } from "@/lib/checkout/expiry/schedule-expiries";
import { logger } from "@/lib/core/log/logger";
import { watchPool } from "@/lib/core/metrics/metrics";
import { embeddedTasks } from "./embedded-tasks";
import { beatForPool } from "./pool-heartbeat";

// graphile-worker 0.17.3 cannot hand back the jobs its local queue fetched but had not started when it is stopped
// ("Cannot background something when the queue is already released"), and reports each step of that failure.
// stop() hands those jobs back itself (force_unlock_workers), so the failure is a warning, not an error.
const LOCAL_QUEUE_RELEASE_FAILURE = /Cannot background something when the queue is already released|Errors occurred whilst deactivating queue/;

/**
 * graphile-worker's log through ours. Once the caller has `abandoned` the engine (it stopped waiting for stop(): a
 * second Ctrl-C, or the stop's time ran out) it goes on to close the database under the engine, whose queries then
 * fail as they end (UNLISTEN, handing jobs back, a job's last statement): that is what the caller's last line already
 * says (the job engine was not waited for), so those errors are warnings.
 */
function workerLogger(abandoned: () => boolean): Logger {
  return new Logger((scope) => (level, message, meta) => {
    // It tells of every job it runs: no child logger for a line below the level, which would not be written.
    if (level !== "error" && level !== "warning" && !logger.isLevelEnabled("debug")) return;
    const log = logger.child({ component: "worker", ...scope });
    if (level === "error" && (abandoned() || LOCAL_QUEUE_RELEASE_FAILURE.test(message))) log.warn(meta ?? {}, message);
    else if (level === "error") log.error(meta ?? {}, message);
    else if (level === "warning") log.warn(meta ?? {}, message);
    else log.debug(meta ?? {}, message);
  });
}

// What pg says of a connection the database ended (57P01: a fast shutdown) or that is gone.
const ENDED_CONNECTION = /terminating connection|Connection terminated|not queryable|ECONNRESET|ECONNREFUSED/;

/**
 * graphile-worker 0.17.3 leaves a rejection unhandled when it fails jobs on a connection that has ended
 * (batchFailJobs). After the engine was abandoned that is expected, and must not end the process before it has closed
 * the database; any other rejection still does, as Node's default would.
 */
function warnOfEndedConnection(reason: unknown): void {
  if (!ENDED_CONNECTION.test(String((reason as Error)?.message ?? reason))) throw reason;
  logger.warn({ err: reason }, "job engine: a query failed as the database closed under it (not waited for)");
}

/** The job queue running in this process (startWorker). */
export interface JobEngine {
  poolId: string;
  stop(): Promise<void>;
  /** The caller no longer waits for stop(), and closes the database under it (see workerLogger). */
  abandon(): void;
}

/**
 * Runs the job queue in this process: the embedded engine's handlers, or (JOB_ENGINE=inngest) the relay that
 * hands each job to Inngest. A maintenance job is queued every MAINTENANCE_SECONDS (deduplicated by key), and
 * every second the expiry jobs of the transactions about to expire.
 */
export async function startWorker(
  connectionString: string,
  /** The relay to Inngest (inngest/relay-tasks.ts), passed in by server/ so lib/ does not import inngest/. */
  options: { relay?: (ctx: Ctx) => TaskList } = {},
): Promise<JobEngine> {
  const db = createDb(connectionString, { max: env.WORKER_CONCURRENCY + 2, onPool: (pool) => watchPool("jobs", pool), prepare: env.PREPARED_STATEMENTS });
  const ctx = { db };
  hearConfigChangesOn(connectionString);
  const relayFor = (c: Ctx) => {
    if (!options.relay) throw new Error("JOB_ENGINE=inngest: startWorker needs the relay (inngest/relay-tasks.ts)");
    return options.relay(c);
  };
  // The queue's own pool, with an error handler that outlives the runner: connections the database closes
  // while we shut down must not crash the process.
  const pgPool = new pg.Pool({ connectionString, max: env.WORKER_CONCURRENCY + 2, idleTimeoutMillis: IDLE_CONNECTION_MS });
  watchPool("queue", pgPool);
  pgPool.on("error", (err) => logger.debug({ err }, "job queue connection closed"));
  pgPool.on("connect", (client) => client.on("error", (err) => logger.debug({ err }, "job queue connection closed")));
  let abandoned = false;
  const events: WorkerEvents = new EventEmitter();
  const heartbeat = beatForPool(db, events);
  const runner = await run({
    pgPool,
    events,
    concurrency: env.WORKER_CONCURRENCY,
    pollInterval: 500,
    noHandleSignals: true,
    logger: workerLogger(() => abandoned),
    taskList: env.JOB_ENGINE === "inngest" ? relayFor(ctx) : embeddedTasks(ctx),
    // Jobs are fetched (and locked) a batch at a time, and completions of the same tick are written together:
    // half the queue's round trips per job. A job waits in the batch at most a quarter of the stale-lock age,
    // so it is never taken for an orphan while it waits (see releaseStaleJobLocks).
    preset: {
      worker: {
        localQueue: { size: env.WORKER_CONCURRENCY, ttl: (env.JOB_LOCK_STALE_SECONDS * 1000) / 4 },
        completeJobBatchDelay: 0,
      },
    },
  });
  // The id the queue's rows are locked with while this process holds them (the pool is made as run() starts).
  const poolId = heartbeat.poolId() ?? "";
  const maintain = () =>
    enqueueJob(db, jobSpec("maintenance")).catch((err) =>
      logger.warn({ err }, "could not queue maintenance"),
    );
  await maintain();
  const timer = setInterval(maintain, env.MAINTENANCE_SECONDS * 1000);
  let scheduling: Promise<unknown> | null = null;
  const scheduleSoon = () => {
    // One pass at a time: a slow pass (a large backlog) is not overlapped by the next tick.
    scheduling ??= scheduleExpiries({ ctx })
      .catch((err) => logger.warn({ err }, "could not queue expiry jobs"))
      .finally(() => (scheduling = null));
  };
  scheduleSoon();
  const expiryTimer = setInterval(scheduleSoon, EXPIRY_SCHEDULE_INTERVAL_MS);
  return {
    poolId,
    async stop() {
      clearInterval(timer);
      clearInterval(expiryTimer);
      // The runner first: it stops taking jobs at once, and waits for those it is running.
      await Promise.all([runner.stop(), scheduling]);
      // Every job this process started has ended now: any row still locked by it is one it fetched and never
      // ran. Handed back, another worker runs it at once rather than after JOB_LOCK_STALE_SECONDS.
      await pgPool.query("SELECT graphile_worker.force_unlock_workers($1::text[])", [[poolId]]);
      await heartbeat.stop();
      await stopConfigCache();
      await pgPool.end();
      await db.destroy();
    },
    abandon() {
      abandoned = true;
      process.on("unhandledRejection", warnOfEndedConnection);
    },
  };
}
