import { type Kysely, sql } from "kysely";

// Payment types, agreements and auto-debit. A transaction says whether the customer's card is saved (save_card)
// or saved under an agreement for later merchant-initiated charges (auto_debit). The sandbox keeps its own vault
// of the tokens it issued, as a real gateway does, so that a later charge of a token knows its card.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE transactions
      ADD COLUMN payment_type text NOT NULL DEFAULT 'one_off' CHECK (payment_type IN ('one_off', 'save_card', 'auto_debit')),
      ADD COLUMN agreement jsonb;
    -- Saving a card may authorize a zero amount.
    ALTER TABLE transactions DROP CONSTRAINT transactions_amount_check;
    ALTER TABLE transactions ADD CONSTRAINT transactions_amount_check CHECK (amount > 0 OR (amount = 0 AND payment_type = 'save_card'));

    ALTER TABLE payment_attempts
      ADD COLUMN initiator text NOT NULL DEFAULT 'customer' CHECK (initiator IN ('customer', 'merchant')),
      ADD COLUMN saved_card_id bigint REFERENCES saved_cards (id);

    ALTER TABLE saved_cards
      ADD COLUMN name_on_card text,
      ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX saved_cards_customer_used ON saved_cards (customer_id, last_used_at DESC) WHERE deleted_at IS NULL;

    -- One card per agreement of a customer at a time: a later customer-present payment under the same agreement
    -- moves it to that payment's card (its count of charges stays). The first payment's amount and currency bind a
    -- fixed-amount agreement.
    CREATE TABLE card_agreements (
      customer_id text NOT NULL,
      agreement_id text NOT NULL,
      card_id bigint NOT NULL REFERENCES saved_cards (id),
      agreement jsonb NOT NULL,
      session_id char(40) NOT NULL REFERENCES transactions (session_id),
      amount numeric(18, 6) NOT NULL,
      currency_code char(3) NOT NULL,
      -- Auto-debits charged or being charged under it: reserved when one starts, given back if it fails, so
      -- that total_cycles holds however many run at once.
      charges integer NOT NULL DEFAULT 0 CHECK (charges >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (customer_id, agreement_id)
    );
    CREATE INDEX card_agreements_card ON card_agreements (card_id);

    ALTER TABLE sandbox_payments
      ADD COLUMN must_save boolean NOT NULL DEFAULT false,
      ADD COLUMN merchant_initiated boolean NOT NULL DEFAULT false,
      ADD COLUMN card_holder text;

    CREATE TABLE sandbox_tokens (
      token text PRIMARY KEY,
      gateway_code text NOT NULL,
      customer_id text NOT NULL,
      card_brand text NOT NULL,
      card_masked text NOT NULL,
      card_expiry text NOT NULL,
      charge_behaviour text NOT NULL CHECK (charge_behaviour IN ('approve', 'decline')),
      operation_behaviour text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE sandbox_tokens, card_agreements;
    ALTER TABLE sandbox_payments DROP COLUMN must_save, DROP COLUMN merchant_initiated, DROP COLUMN card_holder;
    DROP INDEX saved_cards_customer_used;
    ALTER TABLE saved_cards DROP COLUMN name_on_card, DROP COLUMN last_used_at;
    ALTER TABLE payment_attempts DROP COLUMN initiator, DROP COLUMN saved_card_id;
    ALTER TABLE transactions DROP CONSTRAINT transactions_amount_check;
    ALTER TABLE transactions ADD CONSTRAINT transactions_amount_check CHECK (amount > 0);
    ALTER TABLE transactions DROP COLUMN payment_type, DROP COLUMN agreement;
  `.execute(db);
}
