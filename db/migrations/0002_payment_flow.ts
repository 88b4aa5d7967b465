import { type Kysely, sql } from "kysely";

// The payment flow: signed gateway messages seen (replay protection) and the sandbox gateway's own records.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Every signed message a gateway sent us, by its id: a message seen twice is a replay.
    CREATE TABLE gateway_messages (
      pg text NOT NULL,
      message_id text NOT NULL,
      reference_number text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('callback', 'return')),
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (pg, message_id)
    );

    -- The simulated gateway's side of a payment. It never holds a full card number or CVV.
    CREATE TABLE sandbox_payments (
      reference_number text PRIMARY KEY,
      gateway_code text NOT NULL,
      amount numeric(18, 6) NOT NULL,
      currency_code char(3) NOT NULL,
      customer_id text,
      status text NOT NULL DEFAULT 'awaiting_card' CHECK (status IN ('awaiting_card', 'challenge', 'approved',
        'declined', 'error', 'processing', 'canceled')),
      operation text NOT NULL CHECK (operation IN ('purchase', 'authorize')),
      card_brand text,
      card_masked text,
      card_expiry text,
      save_card boolean NOT NULL DEFAULT false,
      token text,
      paymentid text NOT NULL,
      tranid text,
      auth_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    );

    -- Sandbox gateway settings sign their messages with a secret of their own.
    UPDATE gateway_settings
      SET config = config || jsonb_build_object('secret', md5(random()::text || clock_timestamp()::text) || md5(random()::text))
      WHERE pg = 'sandbox' AND NOT config ? 'secret';

    ALTER TABLE saved_cards ADD COLUMN pg text NOT NULL DEFAULT 'sandbox';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE saved_cards DROP COLUMN pg;
    DROP TABLE sandbox_payments, gateway_messages;
  `.execute(db);
}
