import { type Kysely, sql } from "kysely";

// The maintenance sweep asks the gateway about attempts left pending (a crash between the gateway's answer and
// our record of it): this partial index finds them without reading every settled attempt.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX payment_attempts_pending ON payment_attempts (updated_at) WHERE state = 'pending';`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payment_attempts_pending;`.execute(db);
}
