import pg from "pg";
import { sql } from "kysely";
import { expect, it, onTestFinished, vi } from "vitest";
import { enqueueJob } from "@/db/queries/jobs";
import { env } from "@/lib/core/env";
import { startWorker } from "@/lib/jobs/start-worker";
import { logger } from "@/lib/core/log/logger";
import { testContext } from "../support/test-context";

// The local queue keeps fetched jobs for a quarter of this; the test's default (3 s) would hand them back by
// itself before the worker is stopped.
vi.hoisted(() => {
  process.env.JOB_LOCK_STALE_SECONDS = "120";
});

const ctx = testContext();

/** Jobs locked by the worker pool `poolId`: those it runs and those waiting in its local queue. */
const lockedBy = async (poolId: string) => {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_by = ${poolId}`.execute(ctx.db);
  return rows[0]!.n;
};

/** What the job engine logs, by level (its entries go through logger.child). */
function workerLog() {
  const entries: { level: string; msg: string }[] = [];
  const child = Object.fromEntries(
    ["error", "warn", "info", "debug"].map((level) => [level, (_meta: unknown, msg: string) => void entries.push({ level, msg })]),
  );
  vi.spyOn(logger, "child").mockReturnValue(child as never);
  onTestFinished(() => void vi.restoreAllMocks());
  return entries;
}

// Found by the several-processes experiment: a worker stopped (SIGTERM) under load, while its local queue held
// jobs it had fetched but not started, logged six errors and a failed graceful shutdown (graphile-worker 0.17.3
// cannot release a local queue in that state), and handing those jobs back was left to a query nobody waited for.
it("hands back the jobs it had fetched but not started when it stops, and says so without an error", async () => {
  const log = workerLog();
  const worker = await startWorker(env.DATABASE_URL!);
  expect(worker.poolId).toMatch(/^pool-/);
  // Expiry jobs read the settings first: with the table locked, the ones the worker starts wait until the test
  // lets them go, and the rest stay in its local queue.
  const holder = new pg.Client({ connectionString: env.DATABASE_URL });
  await holder.connect();
  onTestFinished(() => holder.end());
  let stopped: Promise<void> | null = null;
  // Failed before its stop, the test must not leave the worker running (and logging) into the next one.
  onTestFinished(async () => {
    await holder.query("ROLLBACK").catch(() => undefined);
    await (stopped ?? worker.stop());
  });
  await holder.query("BEGIN");
  await holder.query("LOCK TABLE settings IN ACCESS EXCLUSIVE MODE");
  const jobs = env.WORKER_CONCURRENCY + 5;
  for (let i = 0; i < jobs; i++) {
    await enqueueJob(ctx.db, { task: "expire-transaction", payload: { sessionId: `none-${i}` }, jobKey: `expire:none-${i}` });
  }
  // More locked than it runs at once: some wait in its local queue.
  await expect.poll(() => lockedBy(worker.poolId), { timeout: 20_000 }).toBeGreaterThan(env.WORKER_CONCURRENCY);

  stopped = worker.stop();
  await holder.query("COMMIT");
  await stopped;
  // The started ones ran to the end; those never started are back in the queue, free for another worker.
  expect(await lockedBy(worker.poolId)).toBe(0);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'expire-transaction' AND locked_by IS NULL`.execute(ctx.db);
  expect(rows[0]!.n).toBeGreaterThan(0);
  expect(log.filter((e) => e.level === "warn").map((e) => e.msg)).toContainEqual(expect.stringContaining("Cannot background something"));
  expect(log.filter((e) => e.level === "error")).toEqual([]);
});

// Found by CI: a second Ctrl-C stops PostgreSQL without waiting for the job engine, and graphile-worker's UNLISTEN on
// its way out then met a connection PostgreSQL had ended, which it reported as an error.
it("once abandoned while it stops, reports what fails as the database goes as warnings, not errors", async () => {
  const log = workerLog();
  const worker = await startWorker(env.DATABASE_URL!);
  // Jobs in flight and in its local queue, as in the test above, so that ending its connections fails several of
  // its steps at once.
  const holder = new pg.Client({ connectionString: env.DATABASE_URL });
  await holder.connect();
  onTestFinished(() => holder.end().catch(() => undefined));
  holder.on("error", () => undefined);
  await holder.query("BEGIN");
  await holder.query("LOCK TABLE settings IN ACCESS EXCLUSIVE MODE");
  for (let i = 0; i < env.WORKER_CONCURRENCY + 5; i++) {
    await enqueueJob(ctx.db, { task: "expire-transaction", payload: { sessionId: `gone-${i}` }, jobKey: `expire:gone-${i}` });
  }
  await expect.poll(() => lockedBy(worker.poolId), { timeout: 20_000 }).toBeGreaterThan(env.WORKER_CONCURRENCY);

  // Vitest's own handler would report graphile-worker's unhandled rejection (see warnOfEndedConnection) as an error
  // of the run: here the worker's handler is the process's only one, as it is in the service.
  const vitestHandlers = process.listeners("unhandledRejection");
  process.removeAllListeners("unhandledRejection");
  onTestFinished(() => {
    process.removeAllListeners("unhandledRejection");
    for (const handler of vitestHandlers) process.on("unhandledRejection", handler);
  });
  const stopped = worker.stop().catch(() => undefined);
  worker.abandon();
  // What a fast shutdown of PostgreSQL does to every connection (57P01).
  await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(ctx.db);
  await stopped;
  expect(log.filter((e) => e.level === "warn").map((e) => e.msg)).toContainEqual(expect.stringMatching(/terminat/));
  expect(log.filter((e) => e.level === "error")).toEqual([]);
  // graphile-worker's unhandled rejection, when it comes (it depends on timing), is a warning and not the end of
  // the process; here one like it, made for certain.
  const warned = vi.spyOn(logger, "warn");
  void Promise.reject(new Error("Connection terminated unexpectedly"));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(warned).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), expect.stringContaining("database closed under it"));
});
