import { beforeAll, describe, expect, it } from "vitest";
import { EVENT_COLUMNS } from "@/db/columns";
import { findEventFacts } from "@/db/queries/event-facts";
import { insertEvent } from "@/db/queries/payments";
import { findTransactionView } from "@/db/queries/transactions";
import { findAttempt } from "@/db/queries/webhooks";
import type { Caller } from "@/lib/access/auth/permissions";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { recordingDb } from "../support/recording-db";
import { testContext } from "../support/test-context";

// db/queries/event-facts.ts: what an event's dispatch plans from, read in one statement, is what reading the event,
// the transaction's row and the attempt one by one gives.
const ctx = testContext();
const recording = recordingDb();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

const eventRow = (eventId: string) => ctx.db.selectFrom("transaction_events").select(EVENT_COLUMNS).where("event_id", "=", eventId).executeTakeFirstOrThrow();

async function paidTwice(fields: Record<string, unknown> = {}): Promise<string> {
  const sessionId = await newTransaction(ctx, caller, fields);
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.decline)).next);
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
  return sessionId;
}

describe("an event's facts", () => {
  it("are the event, its transaction's row and the attempt it names", async () => {
    const sessionId = await paidTwice();
    const all = await events(ctx, sessionId);
    const declined = all.find((e) => e.cause !== "payment_started" && e.attempt_id !== null)!;
    const paid = all.find((e) => e.to_state === "paid")!;
    expect(declined.attempt_id).not.toBe(paid.attempt_id);
    for (const event of [declined, paid]) {
      const facts = (await findEventFacts(ctx.db, event.event_id))!;
      expect(facts.event).toEqual(await eventRow(event.event_id));
      expect(facts.txn).toEqual((await findTransactionView(ctx.db, sessionId))!.txn);
      expect(facts.attempt).toEqual(await findAttempt(ctx.db, event.attempt_id!));
    }
  });

  it("give an event about no attempt the transaction's latest, and none when it has none", async () => {
    const sessionId = await paidTwice();
    const { event_id: eventId } = await insertEvent(ctx.db, { sessionId, kind: "note", from: "paid", to: "paid", cause: "test", dispatch: false });
    const attempts = await ctx.db.selectFrom("payment_attempts").select("id").where("session_id", "=", sessionId).orderBy("id").execute();
    expect(attempts).toHaveLength(2);
    expect((await findEventFacts(ctx.db, eventId))!.attempt).toEqual(await findAttempt(ctx.db, attempts[1]!.id));

    const unpaid = await newTransaction(ctx, caller);
    const [created] = await events(ctx, unpaid);
    expect((await findEventFacts(ctx.db, created!.event_id))!.attempt).toBeUndefined();
  });

  it("are read without the view's aggregates; the payload still names the currency's places and the gateway", async () => {
    const sessionId = await paidTwice({ webhook_url: "https://merchant.example/hook", amount: "7.5" });
    const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
    const before = recording.executed.length;
    const { deliveryIds } = await planEventEffects(recording.db, paid.event_id);
    const [facts] = recording.executed.slice(before);
    expect(facts!.sql).toMatch(/FROM transaction_events e/);
    expect(facts!.sql).not.toMatch(/json_agg|link_codes|attachments|gateway_settings/);
    const { payload } = await ctx.db.selectFrom("webhook_deliveries").select("payload").where("id", "=", deliveryIds[0]!).executeTakeFirstOrThrow();
    expect(payload).toMatchObject({ session_id: sessionId, amount: "7.500", result: "success", is_sandbox: true, gateway_account: expect.any(String) });
  });

  it("are none for an unknown event", async () => {
    expect(await findEventFacts(ctx.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });
});
