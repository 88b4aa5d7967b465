import { type Kysely, sql } from "kysely";

// The admin panel's transaction list (db/queries/transaction-list.ts) on a big table; the EXPLAIN plans of its
// cases on a million rows are in docs/admin/txlist-explain.md.
// - Its keyset order (created_at DESC, session_id DESC) as one index, which replaces the created_at-only one: the
//   first page and every later page are a short walk from a seek, whatever the page number.
// - The same order within one state: a filter on a rare state (error, voided) would otherwise walk most of the
//   table to fill a page.
// - (GIN on pg_codes, for a gateway filter or a limited user's own gateways, is migration 0011's.)
// - Exact matches for the search box: order number (of any transaction: the unique index covers live ones only),
//   e-mail in any letter case (not partial, so that the planner keeps the expression's statistics and sees how
//   few rows one address has), phone. payment_attempts.reference_number is UNIQUE already.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX transactions_created_at;
    CREATE INDEX transactions_created_session ON transactions (created_at DESC, session_id DESC);
    CREATE INDEX transactions_state_created ON transactions (state, created_at DESC, session_id DESC);
    CREATE INDEX transactions_order_no ON transactions (order_no) WHERE order_no IS NOT NULL;
    CREATE INDEX transactions_customer_email ON transactions (lower(customer_email));
    CREATE INDEX transactions_customer_phone ON transactions (customer_phone) WHERE customer_phone IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX transactions_customer_phone;
    DROP INDEX transactions_customer_email;
    DROP INDEX transactions_order_no;
    DROP INDEX transactions_state_created;
    DROP INDEX transactions_created_session;
    CREATE INDEX transactions_created_at ON transactions (created_at DESC);
  `.execute(db);
}
