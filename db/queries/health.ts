import { sql } from "kysely";
import type { Db } from "../client";

export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

/** The names of the app's migrations this database has applied. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((r) => r.name);
}

/** Seconds since any job pool (of any process on this database) last noted it was alive; null when none has. */
export async function secondsSinceLastPoolHeartbeat(db: Db): Promise<number | null> {
  const { rows } = await sql<{ age: string | null }>`SELECT extract(epoch FROM now() - max(seen_at)) AS age FROM job_pool_heartbeats`.execute(db);
  return rows[0]?.age == null ? null : Number(rows[0].age);
}
