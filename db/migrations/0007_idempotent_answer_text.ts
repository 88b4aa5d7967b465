import { type Kysely, sql } from "kysely";

// An idempotent replay is the first answer byte for byte: jsonb would store its keys in its own order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE idempotency_keys ALTER COLUMN response TYPE text USING response::text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE idempotency_keys ALTER COLUMN response TYPE jsonb USING response::jsonb`.execute(db);
}
