import { type Kysely, sql } from "kysely";

// A gateway setting's code (and pg) are fixed once a transaction names it: the panel asks on every edit, and
// without an index that question reads the whole transactions table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX transactions_pg_codes ON transactions USING gin (pg_codes)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX transactions_pg_codes`.execute(db);
}
