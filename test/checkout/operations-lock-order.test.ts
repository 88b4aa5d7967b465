import pg from "pg";
import { expect, it } from "vitest";
import * as operationRoute from "@/app/b/pbl/v2/operation/route";
import { createKey } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { ownConnection } from "../support/own-connection";
import { testContext } from "../support/test-context";

// Two refunds with one Tracking-Key, A and B, forced into the interleaving that CPU starvation once produced in CI:
// A's settle and B's claim used to take the transaction row and the key's index entry in opposite orders, and
// PostgreSQL broke the deadlock (40P01) by failing one of them with a 500. A third party, C, holds the transaction
// row for a moment, as a third concurrent claim does for the length of its statement.
const ctx = testContext();

/** A refund of `sessionId` with Tracking-Key refund-1 over HTTP; its status. */
async function refunder(): Promise<(sessionId: string) => Promise<number>> {
  const apiKey = (await createKey(ctx)).key;
  const base = await serveRoutes([{ path: "/b/pbl/v2/operation", module: operationRoute }]);
  return (sessionId) =>
    fetch(`${base}/b/pbl/v2/operation/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Api-Key ${apiKey}`, "Tracking-Key": "refund-1" },
      body: JSON.stringify({ operation: "refund", session_id: sessionId, amount: "1.25" }),
    }).then((res) => res.status);
}

/** Until a statement like `pattern` is waiting for a lock. */
async function waitingOnLock(watch: pg.Client, pattern: string): Promise<void> {
  await expect
    .poll(async () => {
      const { rows } = await watch.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1",
        [pattern],
      );
      return rows[0]!.n;
    }, { timeout: 20_000, interval: 20 })
    .toBeGreaterThan(0);
}

it("a settle and a claim with the same Tracking-Key take the transaction row first, both: no deadlock, the money moved once", async () => {
  const caller = await setUpPayments(ctx);
  const refund = await refunder();
  const sessionId = await newTransaction(ctx, caller, { pg_codes: ["card"] });
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve, { code: "card" })).next);
  const [gateway, third, watch] = await Promise.all([ownConnection(), ownConnection(), ownConnection()]);

  // 1. A claims, then is held at the sandbox gateway (its insert into sandbox_operations waits).
  await gateway.query("BEGIN; LOCK TABLE sandbox_operations IN SHARE MODE");
  const a = refund(sessionId);
  await waitingOnLock(watch, "%sandbox_operations%");
  // 2. C holds the transaction row; B reaches its claim and queues on the row.
  await third.query("BEGIN");
  await third.query("SELECT 1 FROM transactions WHERE session_id = $1 FOR UPDATE", [sessionId]);
  const b = refund(sessionId);
  await waitingOnLock(watch, "%UPDATE transactions t SET held_amount%");
  // 3. The gateway answers A; its settle starts and queues behind C and B.
  await gateway.query("COMMIT");
  await waitingOnLock(watch, "%UPDATE operations SET state%");
  // 4. C lets go. Before the fix, B took the row and waited on A's operation row while A waited on B's row.
  await third.query("COMMIT");

  // B answers 409 (A's operation with its key still pending) or, when CI's starved scheduling let A's settle take the
  // row before it, 200 with A's stored answer (the same key and body, A done). Never a 500, and the money moves once.
  expect([[200, 409], [200, 200]]).toContainEqual(await Promise.all([a, b]));
  const money = await ctx.db.selectFrom("transactions").select(["held_amount", "refunded_amount"]).where("session_id", "=", sessionId).executeTakeFirstOrThrow();
  expect(money).toEqual({ held_amount: "0.000000", refunded_amount: "1.250000" });
  const operations = await ctx.db.selectFrom("operations").select("state").where("session_id", "=", sessionId).where("kind", "=", "refund").execute();
  expect(operations).toEqual([{ state: "success" }]);
}, 60_000);
