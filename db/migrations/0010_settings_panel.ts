import { type Kysely, sql } from "kysely";

// The settings screen and the dashboard: when the webhook key last changed (shown instead of the key), and the
// indexes that keep the dashboard's figures to an index-only range scan of recent rows, however big the tables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE settings ADD COLUMN webhook_hmac_key_rotated_at timestamptz;
    UPDATE settings SET webhook_hmac_key_rotated_at = updated_at WHERE webhook_hmac_key IS NOT NULL;

    -- Every column the dashboard reads, so a week of transactions is summed from the index alone.
    CREATE INDEX transactions_dashboard ON transactions (created_at)
      INCLUDE (state, currency_code, paid_amount, voided_amount, pg_codes);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX transactions_dashboard;
    ALTER TABLE settings DROP COLUMN webhook_hmac_key_rotated_at;
  `.execute(db);
}
