import { type Kysely, sql } from "kysely";

// Find anything in the admin panel (issue 30.2): the transaction list's search by prefix and by substring, its
// new filters, the Refunds and operations screen and the Customer view, each answered through an index on a
// million transactions (plans in docs/admin/txlist-explain.md).
// - pg_trgm's GIN index on one expression of the customer's name, e-mail and phone (lower case): a substring
//   (`LIKE '%sara%'`) of any of them is a bitmap of the rows holding its trigrams, not a scan of the table.
//   Queries must repeat the expression word for word (db/queries/transaction-list.ts, CUSTOMER_TEXT).
// - text_pattern_ops copies of the order number (lower case) and the attempts' reference numbers: a prefix
//   (`LIKE 'ord-30%'`) is a range of the index whatever the database's collation; the default-collation indexes
//   answer only equality. The session id's prefix is a range of its primary key (hex only).
// - "Has refunds" and a payment type other than one_off: partial indexes in the list's order, so that the rare
//   case fills a page from its own short index instead of walking the whole table.
// - Operations that move money (refund, capture, void) newest first, all or of one kind: the operations screen.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX transactions_customer_text ON transactions USING gin ((lower(
      coalesce(customer_first_name, '') || ' ' || coalesce(customer_last_name, '') || ' ' ||
      coalesce(customer_email, '') || ' ' || coalesce(customer_phone, ''))) gin_trgm_ops);
    CREATE INDEX transactions_order_no_prefix ON transactions (lower(order_no) text_pattern_ops);
    CREATE INDEX payment_attempts_reference_prefix ON payment_attempts (reference_number text_pattern_ops);
    CREATE INDEX transactions_refunded_created ON transactions (created_at DESC, session_id DESC) WHERE refunded_amount > 0;
    CREATE INDEX transactions_payment_type_created ON transactions (payment_type, created_at DESC, session_id DESC)
      WHERE payment_type <> 'one_off';
    CREATE INDEX operations_money ON operations (id) WHERE kind IN ('refund', 'capture', 'void');
    CREATE INDEX operations_kind ON operations (kind, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX operations_kind, operations_money, transactions_payment_type_created, transactions_refunded_created,
      payment_attempts_reference_prefix, transactions_order_no_prefix, transactions_customer_text;
  `.execute(db);
}
