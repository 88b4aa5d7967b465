import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { transactionPageQuery, type TransactionListQuery } from "@/db/queries/transaction-list";
import { PAGE_SIZE } from "@/lib/panel/admin/list-transactions";
import { queryPlan } from "../support/query-plan";
import { createListed, listFixtures } from "../support/transaction-list-data";
import { testContext } from "../support/test-context";

// The e-mail and order-number-prefix indexes hold only rows that have a value (db/migrations/0042): a create
// without them writes no entry there. The panel's searches must still take them; with sequential and plain index
// scans switched off, a bitmap scan of the index is the only cheap plan, so an index the planner could not prove
// usable (its WHERE not implied by the search) would show as a sequential scan.
const ctx = testContext();

beforeAll(async () => {
  const { superuser } = await listFixtures(ctx, 50);
  await createListed(ctx, superuser, { order_no: "ORD-Given-1", customer_email: "Given@Example.com" });
  await createListed(ctx, superuser);
});

async function planOf(q: Omit<TransactionListQuery, "limit">): Promise<string> {
  const query = transactionPageQuery(ctx.db, { ...q, limit: PAGE_SIZE + 1 }).compile();
  return ctx.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    await sql`SET LOCAL enable_indexscan = off`.execute(trx);
    return queryPlan(trx, query);
  });
}

it("holds an entry only for a transaction with an e-mail or an order number", async () => {
  const { rows } = await sql<{ name: string; predicate: string | null }>`
    SELECT c.relname AS name, pg_get_expr(i.indpred, i.indrelid) AS predicate
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relname IN ('transactions_customer_email_given', 'transactions_order_no_prefix_given') ORDER BY 1`.execute(ctx.db);
  expect(rows).toEqual([
    { name: "transactions_customer_email_given", predicate: "(customer_email IS NOT NULL)" },
    { name: "transactions_order_no_prefix_given", predicate: "(order_no IS NOT NULL)" },
  ]);
});

it("the search by an order number's start still takes its index", async () => {
  const plan = await planOf({ gatewayScope: null, search: { orderPrefix: "ord-given", substrings: [] } });
  expect(plan).toMatch(/Bitmap Index Scan on transactions_order_no_prefix_given/);
  expect(plan).not.toMatch(/Seq Scan on transactions/);
});

it("the customer view's list by e-mail still takes its index", async () => {
  const plan = await planOf({ gatewayScope: null, customerEmail: "given@example.com" });
  expect(plan).toMatch(/Bitmap Index Scan on transactions_customer_email_given/);
  expect(plan).not.toMatch(/Seq Scan on transactions/);
});
