import { type Kysely, sql } from "kysely";

// Webhooks you can debug from the panel: each try keeps the headers it was sent with (the signature masked: a
// receiver's copy is no secret, but the panel shows only enough to tell two keys apart), and the receiver's
// answer is kept to its first 2 KB (it was 500 characters) with the cause of a failure in words in `error`.
// Every column stays bounded: a misbehaving receiver cannot grow the table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE webhook_attempts
      ADD COLUMN request_headers jsonb,
      ADD CONSTRAINT webhook_attempts_bounded CHECK (
        octet_length(response_excerpt) <= 2048 AND char_length(error) <= 500 AND pg_column_size(request_headers) <= 4096
      ) NOT VALID`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_bounded, DROP COLUMN request_headers`.execute(db);
}
