import { type Kysely, sql } from "kysely";

// A password reset ends the user's panel sessions: a session cookie signed in before this moment is refused.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_users ADD COLUMN sessions_valid_after timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_users DROP COLUMN sessions_valid_after`.execute(db);
}
