import { type Kysely, sql } from "kysely";

// Operations after a payment (refund, capture, void, cancel, expire, delete): each is a record of its own that
// the gateway call, the money columns and the event all point to; the sandbox gateway keeps its side of them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE operations DROP CONSTRAINT operations_kind_check;
    ALTER TABLE operations ADD CONSTRAINT operations_kind_check
      CHECK (kind IN ('refund', 'capture', 'void', 'cancel', 'expire', 'delete', 'inquiry'));
    ALTER TABLE operations
      -- The operation's own reference at the gateway (its idempotency key there).
      ADD COLUMN reference_number text UNIQUE,
      -- api: asked for by the merchant; duplicate: giving back a second payment of a settled transaction.
      ADD COLUMN cause text NOT NULL DEFAULT 'api' CHECK (cause IN ('api', 'duplicate')),
      ADD COLUMN extra jsonb NOT NULL DEFAULT '{}',
      -- Tracking-Key / Idempotency-Key replay: the first answer, kept as sent.
      ADD COLUMN idempotency_caller text,
      ADD COLUMN idempotency_key text,
      ADD COLUMN request_hash bytea,
      ADD COLUMN status_code integer,
      ADD COLUMN response text;
    CREATE UNIQUE INDEX operations_idempotency ON operations (idempotency_caller, idempotency_key)
      WHERE idempotency_key IS NOT NULL;
    CREATE INDEX operations_pending ON operations (created_at) WHERE state = 'pending';

    ALTER TABLE transactions
      ADD COLUMN voided_amount numeric(18, 6) NOT NULL DEFAULT 0,
      -- Money that refunds, captures or voids still waiting for their gateway have claimed: two requests can
      -- never claim the same money, because each claim is one conditional update of this row.
      ADD COLUMN held_amount numeric(18, 6) NOT NULL DEFAULT 0 CHECK (held_amount >= 0),
      ADD COLUMN deleted_at timestamptz;
    ALTER TABLE transactions ADD CONSTRAINT transactions_money_check
      CHECK (refunded_amount + voided_amount + held_amount <= paid_amount);
    -- A deleted transaction frees its order number as an ended one does.
    DROP INDEX transactions_live_order_no;
    CREATE UNIQUE INDEX transactions_live_order_no ON transactions (order_no)
      WHERE order_no IS NOT NULL AND deleted_at IS NULL AND state NOT IN ('expired', 'canceled', 'failed', 'error');

    -- How the sandbox answers operations on a payment, chosen by the test card that paid it.
    ALTER TABLE sandbox_payments
      ADD COLUMN operation_behaviour text NOT NULL DEFAULT 'accept' CHECK (operation_behaviour IN ('accept', 'refuse', 'no_answer'));

    CREATE TABLE sandbox_operations (
      reference_number text PRIMARY KEY,
      payment_reference text NOT NULL REFERENCES sandbox_payments (reference_number),
      kind text NOT NULL CHECK (kind IN ('refund', 'capture', 'void')),
      amount numeric(18, 6) NOT NULL,
      status text NOT NULL CHECK (status IN ('approved', 'refused', 'processing')),
      message text,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    );
    CREATE INDEX sandbox_operations_payment ON sandbox_operations (payment_reference);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE sandbox_operations;
    ALTER TABLE sandbox_payments DROP COLUMN operation_behaviour;
    DROP INDEX transactions_live_order_no;
    CREATE UNIQUE INDEX transactions_live_order_no ON transactions (order_no)
      WHERE order_no IS NOT NULL AND state NOT IN ('expired', 'canceled', 'failed', 'error');
    ALTER TABLE transactions DROP CONSTRAINT transactions_money_check;
    ALTER TABLE transactions DROP COLUMN voided_amount, DROP COLUMN held_amount, DROP COLUMN deleted_at;
    DROP INDEX operations_pending;
    DROP INDEX operations_idempotency;
    ALTER TABLE operations DROP COLUMN reference_number, DROP COLUMN cause, DROP COLUMN extra,
      DROP COLUMN idempotency_caller, DROP COLUMN idempotency_key, DROP COLUMN request_hash,
      DROP COLUMN status_code, DROP COLUMN response;
    DELETE FROM operations WHERE kind = 'delete';
    ALTER TABLE operations DROP CONSTRAINT operations_kind_check;
    ALTER TABLE operations ADD CONSTRAINT operations_kind_check
      CHECK (kind IN ('refund', 'capture', 'void', 'cancel', 'expire', 'inquiry'));
  `.execute(db);
}
