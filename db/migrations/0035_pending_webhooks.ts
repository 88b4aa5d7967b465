import { type Kysely, sql } from "kysely";

// The age of the oldest pending webhook, read at every metrics scrape: an index of the pending ones only, small
// whatever the number delivered.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (created_at) WHERE state = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX webhook_deliveries_pending`.execute(db);
}
