import { InngestTestEngine } from "@inngest/test";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { expireTransaction } from "@/inngest/functions";
import type { Caller } from "@/lib/access/auth/permissions";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { events, newTransaction, passDeadline, setUpPayments, stateOf } from "../support/payment-flow";
import { closeAppContextAfterAll, outgoing, received } from "../support/inngest-run";
import { testContext } from "../support/test-context";

const ctx = testContext();
closeAppContextAfterAll();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

/** A transaction whose expiration time has passed. */
async function overdue() {
  const sessionId = await newTransaction(ctx, caller);
  await passDeadline(ctx, sessionId);
  const { expires_at } = await ctx.db.selectFrom("transactions").select("expires_at").where("session_id", "=", sessionId).executeTakeFirstOrThrow();
  return { sessionId, expiresAt: expires_at };
}

// The wait until the deadline is Inngest's (the run is resumed then); here it ends at once.
const expire = (sessionId: string, expiresAt: Date) =>
  new InngestTestEngine({ function: expireTransaction }).execute({
    events: [received(outgoing.expiryDue(sessionId, expiresAt))],
    steps: [{ id: "until-expiry", handler: () => null }],
  });

describe("Inngest function expire-transaction", () => {
  it("waits until the expiration time, then expires the transaction and records its event (toggle on)", async () => {
    await updateSettings({ ctx, input: { expireTransactions: true } });
    const { sessionId, expiresAt } = await overdue();
    const { result, error, ctx: run } = await expire(sessionId, expiresAt);
    expect(error).toBeUndefined();
    expect(run.step.sleepUntil).toHaveBeenCalledWith("until-expiry", expiresAt);
    expect(result).toEqual({ sessionId, expired: true });
    expect(await stateOf(ctx, sessionId)).toBe("expired");

    const expired = (await events(ctx, sessionId)).find((e) => e.to_state === "expired")!;
    expect(expired).toMatchObject({ from_state: "created", cause: "expiry" });
    // Its webhook and messages follow through the outbox, like every event's.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM graphile_worker.jobs
      WHERE task_identifier = 'dispatch-event' AND key = ${`event:${expired.event_id}`}`.execute(ctx.db);
    expect(rows[0]!.n).toBe(1);

    // A second run (a retried event) changes nothing.
    expect((await expire(sessionId, expiresAt)).result).toEqual({ sessionId, expired: false });
    expect((await events(ctx, sessionId)).filter((e) => e.to_state === "expired")).toHaveLength(1);
  });

  it("leaves the transaction alone with the toggle off", async () => {
    await updateSettings({ ctx, input: { expireTransactions: false } });
    const { sessionId, expiresAt } = await overdue();
    expect((await expire(sessionId, expiresAt)).result).toEqual({ sessionId, expired: false });
    expect(await stateOf(ctx, sessionId)).toBe("created");
  });
});
