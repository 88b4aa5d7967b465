import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { scheduleExpiries } from "@/lib/checkout/expiry/schedule-expiries";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { updateTransaction } from "@/lib/checkout/transactions/update-transaction";
import { newTransaction, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

const ctx = testContext();
let caller: Caller;

beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { expireTransactions: true } });
});

/** The queued expiry jobs of these transactions: session id → when the job runs. */
async function expiryJobs(sessionIds: string[]): Promise<Map<string, number>> {
  const { rows } = await sql<{ key: string; run_at: Date }>`
    SELECT key, run_at FROM graphile_worker._private_jobs WHERE key = ANY(${sessionIds.map((s) => `expire:${s}`)})`.execute(ctx.db);
  return new Map(rows.map((r) => [r.key.slice("expire:".length), r.run_at.getTime()]));
}

const expiresAt = async (sessionId: string) =>
  (await ctx.db.selectFrom("transactions").select("expires_at").where("session_id", "=", sessionId).executeTakeFirstOrThrow())
    .expires_at.getTime();

// Each test starts with nothing left to queue from the ones before.
const drain = () => scheduleExpiries({ ctx });

describe("expiry jobs, queued shortly before the expiration time", () => {
  it("are not queued by a create: a transaction that ends before expiring never has one", async () => {
    await drain();
    const sessionId = await newTransaction(ctx, caller, { expiration_time: "00:30:00" });
    expect(await expiryJobs([sessionId])).toEqual(new Map());
    expect(await scheduleExpiries({ ctx })).toBe(0);
  });

  it("queues one job at the expiration time of a transaction expiring within a minute, once", async () => {
    await drain();
    const sessionId = await newTransaction(ctx, caller, { expiration_time: "00:00:30" });
    expect(await scheduleExpiries({ ctx })).toBe(1);
    expect(await expiryJobs([sessionId])).toEqual(new Map([[sessionId, await expiresAt(sessionId)]]));
    expect(await scheduleExpiries({ ctx })).toBe(0);
    expect((await expiryJobs([sessionId])).size).toBe(1);
  });

  it("moves the job when an update moves the expiration time", async () => {
    await drain();
    const sessionId = await newTransaction(ctx, caller, { expiration_time: "00:00:20" });
    await scheduleExpiries({ ctx });
    await updateTransaction({ ctx, input: { caller, sessionId, fields: { expiration_time: "00:00:50" }, files: {}, replace: false } });
    expect(await scheduleExpiries({ ctx })).toBe(1);
    const moved = await expiresAt(sessionId);
    expect(await expiryJobs([sessionId])).toEqual(new Map([[sessionId, moved]]));
  });

  it("queues nothing for a transaction that has ended", async () => {
    await drain();
    const sessionId = await newTransaction(ctx, caller, { expiration_time: "00:00:10" });
    await sql`UPDATE transactions SET state = 'paid' WHERE session_id = ${sessionId}`.execute(ctx.db);
    expect(await scheduleExpiries({ ctx })).toBe(0);
    expect(await expiryJobs([sessionId])).toEqual(new Map());
  });

  it("queues nothing while expiry is off, and the overdue ones as soon as it is on", async () => {
    await drain();
    await updateSettings({ ctx, input: { expireTransactions: false } });
    const sessionId = await newTransaction(ctx, caller, { expiration_time: "00:00:01" });
    await sql`UPDATE transactions SET expires_at = now() - interval '1 minute' WHERE session_id = ${sessionId}`.execute(ctx.db);
    expect(await scheduleExpiries({ ctx })).toBe(0);
    await updateSettings({ ctx, input: { expireTransactions: true } });
    expect(await scheduleExpiries({ ctx })).toBe(1);
    expect((await expiryJobs([sessionId])).size).toBe(1);
  });

  it("queues each job once when several workers look at the same time, and all of a large backlog", async () => {
    await drain();
    const sessionIds: string[] = [];
    for (let i = 0; i < 60; i++) sessionIds.push(await newTransaction(ctx, caller, { expiration_time: "00:00:40" }));
    const counts = await Promise.all(Array.from({ length: 5 }, () => scheduleExpiries({ ctx })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect((await expiryJobs(sessionIds)).size).toBe(60);
  });
});
