import { type Kysely, sql } from "kysely";

// One payment at a time: starting an attempt releases the transaction's earlier unfinished attempt at its gateway
// and marks it `superseded`. The success page links back to the merchant's own site when there is no redirect.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_attempts DROP CONSTRAINT payment_attempts_state_check;
    ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_state_check CHECK (state IN ('pending', 'success',
      'declined', 'canceled', 'error', 'expired', 'superseded'));
    ALTER TABLE settings ADD COLUMN merchant_website_url text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE settings DROP COLUMN merchant_website_url;
    UPDATE payment_attempts SET state = 'canceled' WHERE state = 'superseded';
    ALTER TABLE payment_attempts DROP CONSTRAINT payment_attempts_state_check;
    ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_state_check CHECK (state IN ('pending', 'success',
      'declined', 'canceled', 'error', 'expired'));
  `.execute(db);
}
