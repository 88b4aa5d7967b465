import { sql } from "kysely";
import { expect, it } from "vitest";
import { enqueueJob, notePoolAlive, releaseStaleJobLocks } from "@/db/queries/jobs";
import { env } from "@/lib/core/env";
import { startWorker } from "@/lib/jobs/start-worker";
import { eventually } from "../support/eventually";
import { testContext } from "../support/test-context";

const ctx = testContext();

/** A job locked by `pool` `secondsAgo` ago, as a worker that took it then would leave it. */
async function jobLockedBy(pool: string, secondsAgo: number): Promise<string> {
  const key = `heartbeat-test-${pool}`;
  await enqueueJob(ctx.db, { task: "maintenance", payload: {}, jobKey: key, runAt: new Date(Date.now() + 3_600_000) });
  await sql`UPDATE graphile_worker._private_jobs SET locked_by = ${pool}, locked_at = now() - make_interval(secs => ${secondsAgo})
            WHERE key = ${key}`.execute(ctx.db);
  return key;
}

const lockOf = async (key: string) =>
  (await sql<{ locked_by: string | null }>`SELECT locked_by FROM graphile_worker._private_jobs WHERE key = ${key}`.execute(ctx.db)).rows[0]!.locked_by;

it("releases the jobs of a pool that stopped noting it is alive, and only those, before the stale-lock age", async () => {
  const dead = await jobLockedBy("pool-dead", 40);
  const alive = await jobLockedBy("pool-alive", 40);
  const unknown = await jobLockedBy("pool-never-noted", 40);
  await notePoolAlive(ctx.db, "pool-dead");
  await notePoolAlive(ctx.db, "pool-alive");
  await ctx.db.updateTable("job_pool_heartbeats").set({ seen_at: new Date(Date.now() - 40_000) }).where("pool_id", "=", "pool-dead").execute();

  expect(await releaseStaleJobLocks(ctx.db, { olderThanSeconds: 120, silentSeconds: 30 })).toBe(1);
  expect(await lockOf(dead)).toBeNull();
  expect(await lockOf(alive)).toBe("pool-alive");
  // A worker that never noted itself (an older version) keeps its job until the lock is JOB_LOCK_STALE_SECONDS old.
  expect(await lockOf(unknown)).toBe("pool-never-noted");
  expect(await releaseStaleJobLocks(ctx.db, { olderThanSeconds: 30, silentSeconds: 30 })).toBe(2);
});

it("notes the engine's pool while it runs and forgets it when it stops", async () => {
  const pools = () => ctx.db.selectFrom("job_pool_heartbeats").select(["pool_id", "seen_at"]).where("pool_id", "like", "pool-%").execute();
  const before = new Set((await pools()).map((p) => p.pool_id));
  const worker = await startWorker(env.DATABASE_URL!);
  const ours = await eventually(async () => (await pools()).find((p) => !before.has(p.pool_id)), { ms: 10_000 });
  expect(ours.seen_at.getTime()).toBeGreaterThan(Date.now() - 10_000);
  await worker.stop();
  expect((await pools()).map((p) => p.pool_id)).not.toContain(ours.pool_id);
});
