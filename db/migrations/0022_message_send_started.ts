import { type Kysely, sql } from "kysely";

// When a send to the provider was first tried. A message still pending with this set may have been sent by a
// process that died before recording it: the next try asks the provider first (lib/delivery/notifications/send-message.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN send_started_at timestamptz;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages DROP COLUMN send_started_at;`.execute(db);
}
