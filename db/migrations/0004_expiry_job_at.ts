import { type Kysely, sql } from "kysely";

// Expiry jobs are queued by the worker shortly before a transaction's expiration time instead of with every
// create (queueing one costs more than the create's own insert); this records which expiration time has its job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transactions ADD COLUMN expiry_job_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transactions DROP COLUMN expiry_job_at`.execute(db);
}
