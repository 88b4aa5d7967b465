import pg from "pg";
import { beforeAll, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { performOperation } from "@/lib/checkout/operations/perform-operation";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { createCurrency, createKey } from "../support/factories";
import { ownConnection } from "../support/own-connection";
import { testContext } from "../support/test-context";

// A merchant's creates all name one currency's row and one API key's row, and its refunds the key's row. With
// foreign keys on those columns, PostgreSQL locked the shared row (FOR KEY SHARE) in every one of them
// (db/migrations/0041_unlocked_shared_rows.ts); now a create and a refund touch neither row, and the parents'
// triggers still refuse to delete or renumber a row that is named.
const ctx = testContext();
let caller: Caller;

beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

/** Whether `work` finished before any of this database's statements waited for a lock (then it is left running). */
async function finishesWithoutWaiting(watch: pg.Client, work: Promise<unknown>): Promise<boolean> {
  let done = false;
  const finished = work.then(() => (done = true));
  while (!done) {
    const { rows } = await watch.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    if (rows[0]!.n > 0) return false;
    await Promise.race([finished, new Promise((r) => setTimeout(r, 20))]);
  }
  return true;
}

it("a create and a refund lock neither the currency's row nor the API key's row", async () => {
  const paid = await newTransaction(ctx, caller);
  await deliverReturn(ctx, (await payWith(ctx, paid, CARDS.approve)).next);
  const [holder, watch] = await Promise.all([ownConnection(), ownConnection()]);

  // Held FOR UPDATE, as a delete or a change of its key holds it: any foreign key's check on either row would wait.
  await holder.query("BEGIN");
  await holder.query("SELECT 1 FROM currencies WHERE code = 'KWD' FOR UPDATE");
  await holder.query("SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE", [caller.id]);
  const work = Promise.all([
    newTransaction(ctx, caller),
    performOperation({ ctx, input: { caller, fields: { operation: "refund", session_id: paid, amount: "1" } } }),
  ]);
  const unblocked = await finishesWithoutWaiting(watch, work);
  await holder.query("ROLLBACK");
  const [created, refund] = await work;
  expect(unblocked).toBe(true);
  expect(created).toMatch(/^[0-9a-f]{40}$/);
  expect(refund.status).toBe(200);
}, 60_000);

it("a currency or API key that transactions name cannot be deleted or renumbered; an unnamed one can", async () => {
  await newTransaction(ctx, caller);
  const refusal = { code: "23503" };

  await expect(ctx.db.deleteFrom("currencies").where("code", "=", "KWD").execute()).rejects.toMatchObject(refusal);
  await expect(ctx.db.updateTable("currencies").set({ code: "KWX" }).where("code", "=", "KWD").execute()).rejects.toMatchObject(refusal);
  await expect(ctx.db.deleteFrom("api_keys").where("id", "=", caller.id).execute()).rejects.toMatchObject(refusal);
  // Another column of a named row changes as before.
  await ctx.db.updateTable("api_keys").set({ name: "renamed" }).where("id", "=", caller.id).execute();

  await createCurrency(ctx, { code: "BHD", decimals: 3 });
  const unused = await createKey(ctx, { name: "unused" });
  await ctx.db.deleteFrom("currencies").where("code", "=", "BHD").execute();
  await ctx.db.deleteFrom("api_keys").where("id", "=", unused.id).execute();
  expect(await ctx.db.selectFrom("currencies").select("code").where("code", "in", ["KWD", "BHD"]).execute()).toEqual([{ code: "KWD" }]);
});

it("an API key that only requested an operation cannot be deleted either", async () => {
  const paid = await newTransaction(ctx, caller);
  await deliverReturn(ctx, (await payWith(ctx, paid, CARDS.approve)).next);
  const key = await createKey(ctx, { name: "refunds only" });
  const refunder = { kind: "api_key" as const, id: key.id, name: key.name };
  const refund = await performOperation({ ctx, input: { caller: refunder, fields: { operation: "refund", session_id: paid, amount: "1" } } });
  expect(refund.status).toBe(200);

  await expect(ctx.db.deleteFrom("api_keys").where("id", "=", key.id).execute()).rejects.toMatchObject({ code: "23503" });
});
