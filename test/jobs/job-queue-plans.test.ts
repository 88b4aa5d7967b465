import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateJobQueue } from "@/db/migrate-job-queue";
import { env } from "@/lib/core/env";
import { testContext } from "../support/test-context";

// db/migrate-job-queue.ts: the queue's add_job functions keep their statements' generic plans, whatever an
// upgrade of graphile-worker (which recreates them without the setting) did.
const ctx = testContext();

const settings = async () =>
  (
    await sql<{ name: string; config: string[] | null }>`
      SELECT p.proname AS name, p.proconfig AS config FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'graphile_worker' AND p.proname IN ('add_job', 'add_jobs') ORDER BY p.proname`.execute(ctx.db)
  ).rows;

const generic = [
  { name: "add_job", config: ["plan_cache_mode=force_generic_plan"] },
  { name: "add_jobs", config: ["plan_cache_mode=force_generic_plan"] },
];

describe("the job queue's migration", () => {
  it("has add_job and add_jobs plan their statements generically", async () => {
    expect(await settings()).toEqual(generic);
  });

  it("sets it again on functions that lost it, and a job added then is queued as before", async () => {
    await sql`ALTER FUNCTION graphile_worker.add_job RESET plan_cache_mode`.execute(ctx.db);
    await sql`ALTER FUNCTION graphile_worker.add_jobs RESET plan_cache_mode`.execute(ctx.db);
    expect((await settings()).map((f) => f.config)).toEqual([null, null]);
    await migrateJobQueue(env.DATABASE_URL!);
    expect(await settings()).toEqual(generic);

    await sql`SELECT graphile_worker.add_job('plan-check', '{"n":1}'::json, job_key := 'plan-check:1')`.execute(ctx.db);
    const jobs = await sql<{ key: string }>`SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'plan-check'`.execute(ctx.db);
    expect(jobs.rows).toEqual([{ key: "plan-check:1" }]);
  });
});

describe("the job queue's migration by a role that does not own the queue", () => {
  it("leaves the functions as they are and fails nothing", async () => {
    await sql`ALTER FUNCTION graphile_worker.add_job RESET plan_cache_mode`.execute(ctx.db);
    // Roles are the cluster's, and a test cluster may be reused: made once.
    await sql`DO $$ BEGIN CREATE ROLE queue_guest LOGIN PASSWORD 'guest-password'; EXCEPTION WHEN duplicate_object THEN NULL; END $$`.execute(ctx.db);
    await sql`GRANT USAGE ON SCHEMA graphile_worker TO queue_guest`.execute(ctx.db);
    await sql`GRANT SELECT ON ALL TABLES IN SCHEMA graphile_worker TO queue_guest`.execute(ctx.db);
    const url = new URL(env.DATABASE_URL!);
    url.username = "queue_guest";
    url.password = "guest-password";
    await migrateJobQueue(url.toString());
    expect((await settings()).map((f) => f.config)).toEqual([null, ["plan_cache_mode=force_generic_plan"]]);
  });
});
