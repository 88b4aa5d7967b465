import { CompiledQuery, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { queryPlan } from "../support/query-plan";
import { listFixtures } from "../support/transaction-list-data";
import { testContext } from "../support/test-context";

// The planner must know how rare one order number or one e-mail is (db/migrations/0043): estimated at its default
// 0.5 % of the table, a search for one looked like thousands of rows on a big table, and the list walked its
// created_at index through every row for the first 50 matches. Partial indexes lend no statistics, so expression
// statistics give them. 20,000 rows: the default would be 100.
const ctx = testContext();
let sample: { order_no: string; customer_email: string };

beforeAll(async () => {
  await listFixtures(ctx, 20_000);
  await sql`ANALYZE transactions`.execute(ctx.db);
  sample = await ctx.db
    .selectFrom("transactions")
    .select(["order_no", "customer_email"])
    .where("order_no", "is not", null)
    .where("customer_email", "is not", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .$narrowType<{ order_no: string; customer_email: string }>()
    .executeTakeFirstOrThrow();
}, 60_000);

/** The rows PostgreSQL expects `condition` (on transactions t, with $1 = value) to match. */
async function estimate(condition: string, value: string): Promise<number> {
  const plan = await queryPlan(ctx.db, CompiledQuery.raw(`SELECT 1 FROM transactions t WHERE ${condition}`, [value]));
  // The first node's estimate: the whole statement's.
  return Number(/rows=(\d+)/.exec(plan)![1]);
}

it("estimates one order number's search at a few rows", async () => {
  const actual = await ctx.db.selectFrom("transactions").select(sql<string>`count(*)`.as("n")).where(sql`lower(order_no)`, "like", `${sample.order_no.toLowerCase()}%`).executeTakeFirstOrThrow();
  expect(Number(actual.n)).toBeLessThan(5);
  expect(await estimate("lower(t.order_no) LIKE $1", `${sample.order_no.toLowerCase()}%`)).toBeLessThan(20);
});

it("estimates one customer's e-mail at a few rows", async () => {
  expect(await estimate("lower(t.customer_email) = $1", sample.customer_email.toLowerCase())).toBeLessThan(20);
});
