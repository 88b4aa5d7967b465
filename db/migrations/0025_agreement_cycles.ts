import { type Kysely, sql } from "kysely";

// An agreement's cycle counts from its last charge (lib/checkout/auto-debit/check-auto-debit.ts): the customer-present
// payment that linked it, then each auto-debit from the moment it is reserved. A reservation that fails gives
// the previous time back, as it gives its charge back. Both live on the agreement's row, so that the reservation
// (UPDATE … WHERE the cycle allows it) is decided under that row's lock: two charges at once never both pass.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE card_agreements
      ADD COLUMN last_charge_at timestamptz,
      ADD COLUMN previous_charge_at timestamptz;
    -- Links made before: the latest of the link itself and the auto-debits under it that went through or are
    -- still going on.
    UPDATE card_agreements a SET last_charge_at = GREATEST(a.created_at, (
      SELECT max(p.created_at) FROM payment_attempts p JOIN transactions t ON t.session_id = p.session_id
      WHERE t.customer_id = a.customer_id AND t.payment_type = 'auto_debit' AND t.agreement ->> 'id' = a.agreement_id
        AND p.initiator = 'merchant' AND p.state IN ('pending', 'success')
    ));
    ALTER TABLE card_agreements ALTER COLUMN last_charge_at SET NOT NULL, ALTER COLUMN last_charge_at SET DEFAULT now();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE card_agreements DROP COLUMN last_charge_at, DROP COLUMN previous_charge_at;`.execute(db);
}
