import { type Kysely, sql } from "kysely";

// PostgreSQL estimates a condition on an expression from the statistics of an index on that expression, but never
// from a partial index's (they need not describe the whole table). Since 0042 made the order-number-prefix and e-mail
// indexes partial, the panel's searches on lower(order_no) and lower(customer_email) were estimated at the default
// 0.5 % of the table: a search for one order number looked like thousands of rows, so the planner walked the list's
// created_at index for the first 50 matches and read the whole table (8 s for 1 match among a million rows, against
// 7 ms through the indexes; docs/performance.md, stop 66). Expression statistics give those estimates back without
// the full indexes; ANALYZE builds them now rather than at the next autovacuum.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE STATISTICS transactions_order_no_lower ON (lower(order_no)) FROM transactions;
    CREATE STATISTICS transactions_customer_email_lower ON (lower(customer_email)) FROM transactions;
    ANALYZE transactions;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP STATISTICS transactions_order_no_lower;
    DROP STATISTICS transactions_customer_email_lower;
  `.execute(db);
}
