import { type Kysely, sql } from "kysely";

// Every panel session cookie carries the user's session version as it was at sign-in; signing out, being disabled
// or enabled, and a password reset add one, so every cookie issued before no longer counts (lib/access/auth/active-admin.ts).
// A counter, not a time: it does not depend on the clocks of several web processes, and a sign-in in the same
// second as a sign-out is not refused. sessions_valid_after (0017) is no longer read; it stays until no process of
// an older release reads it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_users ADD COLUMN session_version integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_users DROP COLUMN session_version`.execute(db);
}
