import { type Kysely, sql } from "kysely";

// The panel's transaction detail, failing deliveries and message log: each reads a few rows through an index,
// newest first by id (keyset pages), however large the tables grow.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A transaction's deliveries and messages (the detail page; the redirect's wait for the first answer).
    CREATE INDEX webhook_deliveries_session ON webhook_deliveries (session_id, id);
    CREATE INDEX messages_session ON messages (session_id, id) WHERE session_id IS NOT NULL;
    -- Failing deliveries only (failed for good, or waiting for a retry after a failed try): a small index,
    -- whatever the number delivered. Queries must repeat this predicate word for word.
    CREATE INDEX webhook_deliveries_failing ON webhook_deliveries (id)
      WHERE state = 'failed' OR (state = 'pending' AND attempt_count > 0);
    -- The message log filtered by channel or by state.
    CREATE INDEX messages_channel ON messages (channel, id);
    CREATE INDEX messages_state ON messages (state, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX messages_state, messages_channel, webhook_deliveries_failing, messages_session, webhook_deliveries_session;
  `.execute(db);
}
