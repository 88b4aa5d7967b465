import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ATTEMPT_COLUMNS, DELIVERY_COLUMNS, EVENT_COLUMNS, OPERATION_COLUMNS, SANDBOX_OPERATION_COLUMNS, SANDBOX_PAYMENT_COLUMNS } from "@/db/columns";
import { testContext } from "../support/test-context";

const ctx = testContext();

const LISTS = {
  payment_attempts: ATTEMPT_COLUMNS,
  transaction_events: EVENT_COLUMNS,
  webhook_deliveries: DELIVERY_COLUMNS,
  operations: OPERATION_COLUMNS,
  sandbox_payments: SANDBOX_PAYMENT_COLUMNS,
  sandbox_operations: SANDBOX_OPERATION_COLUMNS,
};

// The type checker holds each list to db/types.ts; this holds it to the table the migrations made, so a column
// added by a migration is read by the statements that read whole rows (db/columns.ts).
describe("the column lists of db/columns.ts", () => {
  it.each(Object.entries(LISTS))("name every column of %s, once", async (table, columns) => {
    const { rows } = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table}`.execute(ctx.db);
    expect([...columns].sort()).toEqual(rows.map((r) => r.name).sort());
  });
});
