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
  await holder.query("BEGIN");
  await holder.query("LOCK TABLE settings IN ACCESS EXCLUSIVE MODE");
  const jobs = env.WORKER_CONCURRENCY + 5;
  for (let i = 0; i < jobs; i++) {
    await enqueueJob(ctx.db, { task: "expire-transaction", payload: { sessionId: `none-${i}` }, jobKey: `expire:none-${i}` });
  }
  // More locked than it runs at once: some wait in its local queue.
  await expect.poll(() => lockedBy(worker.poolId), { timeout: 20_000 }).toBeGreaterThan(env.WORKER_CONCURRENCY);

  const stopped = worker.stop();
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
