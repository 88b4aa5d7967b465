import pg from "pg";
import type { Db } from "./client";
import { migrateToLatest } from "./migrate";
import { migrateJobQueue } from "./migrate-job-queue";

/** The advisory lock the processes' migrations take turns under (any fixed number no other code uses). */
export const MIGRATION_LOCK = 7_310_417_220_024;

/**
 * The app's migrations, then the job queue's; returns the names of the app migrations applied. Processes started
 * together on one database (web processes and workers under a process manager) take turns: kysely reads the
 * catalog before taking its own lock, and failed when another process's job-queue migration dropped a table
 * under it.
 */
export async function migrateDatabase(db: Db, url: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: url, application_name: "checkout-service-migrations" });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const applied = await migrateToLatest(db);
    await migrateJobQueue(url);
    return applied;
  } finally {
    // Ending the session releases the lock, whatever happened.
    await lock.end();
  }
}
