import { type Kysely, sql } from "kysely";

// Expiry is a payment deadline (issue 27): a transaction with a payment still open at its gateway (`pending`)
// expires too, so the index the expiry scheduler and sweep read covers it; and the sandbox gateway keeps the
// deadline it was given with each payment, refusing a card after it (status `expired`), as a real gateway's
// payment session ends at its own expiry time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX transactions_expiring;
    CREATE INDEX transactions_expiring ON transactions (expires_at) WHERE state IN ('created', 'attempted', 'pending');

    ALTER TABLE sandbox_payments ADD COLUMN expires_at timestamptz;
    ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_status_check;
    ALTER TABLE sandbox_payments ADD CONSTRAINT sandbox_payments_status_check CHECK (status IN ('awaiting_card',
      'challenge', 'approved', 'declined', 'error', 'processing', 'canceled', 'expired'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE sandbox_payments SET status = 'canceled' WHERE status = 'expired';
    ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_status_check;
    ALTER TABLE sandbox_payments ADD CONSTRAINT sandbox_payments_status_check CHECK (status IN ('awaiting_card',
      'challenge', 'approved', 'declined', 'error', 'processing', 'canceled'));
    ALTER TABLE sandbox_payments DROP COLUMN expires_at;

    DROP INDEX transactions_expiring;
    CREATE INDEX transactions_expiring ON transactions (expires_at) WHERE state IN ('created', 'attempted');
  `.execute(db);
}
