import { type Kysely, sql } from "kysely";

// Each worker process's job pool notes here that it is alive (lib/jobs/pool-heartbeat.ts). The jobs of a pool
// that stopped noting it (its process was killed) are released for another run long before JOB_LOCK_STALE_SECONDS.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE job_pool_heartbeats (pool_id text PRIMARY KEY, seen_at timestamptz NOT NULL DEFAULT now());`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE job_pool_heartbeats;`.execute(db);
}
