import { beforeAll, describe, expect, it } from "vitest";
import { type AttemptToSettle, findAttemptToSettle, recordGatewayMessage } from "@/db/queries/payments";
import { type Settlement, settleAtOnce } from "@/db/queries/settle-at-once";
import type { Caller } from "@/lib/access/auth/permissions";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import { resultEventData, settledAttempt } from "@/lib/checkout/payments/apply-gateway-result";
import type { FinalResult } from "@/lib/gateways/adapter";
import { CARDS, deliverReturn, events, messageIn, newTransaction, passDeadline, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// The one-statement settlement of a gateway's final answer (db/queries/settle-at-once.ts): what it changes in the
// usual case, and that it changes nothing but says so whenever the general way must decide.

const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

const SUCCESS: FinalResult = { outcome: "success", message: null, card: null, savedCardToken: null, gatewayResponse: { result: "CAPTURED" } };

async function pendingAttempt(): Promise<{ sessionId: string; reference: string; next: string; found: AttemptToSettle }> {
  const sessionId = await newTransaction(ctx, caller);
  const { reference, next } = await payWith(ctx, sessionId, CARDS.approve);
  return { sessionId, reference, next, found: (await findAttemptToSettle(ctx.db, reference))! };
}

const settlement = ({ attempt, operation }: AttemptToSettle, more: Partial<Settlement> = {}): Settlement => ({
  attempt,
  to: "paid",
  from: PAYABLE,
  success: true,
  operation,
  changes: settledAttempt(SUCCESS),
  cause: "gateway_callback",
  data: resultEventData(attempt, SUCCESS),
  dispatch: true,
  message: { pg: "sandbox", messageId: `m-${attempt.reference_number}`, referenceNumber: attempt.reference_number, channel: "callback", resends: false },
  ...more,
});

const attemptState = async (reference: string) =>
  (await ctx.db.selectFrom("payment_attempts").select("state").where("reference_number", "=", reference).executeTakeFirstOrThrow()).state;
const messagesAbout = (reference: string) => ctx.db.selectFrom("gateway_messages").select("message_id").where("reference_number", "=", reference).execute();

describe("the one-statement settlement", () => {
  it("reads the attempt with its transaction's interface and its gateway's operation there", async () => {
    const { found } = await pendingAttempt();
    expect(found).toMatchObject({ interface: "checkout", operation: "purchase", attempt: { state: "pending", gateway_code: "card" } });
  });

  it("records the message, settles the attempt and moves the transaction with its event", async () => {
    const { sessionId, reference, found } = await pendingAttempt();
    const once = await settleAtOnce(ctx.db, settlement(found));
    expect(once).toMatchObject({ locked: true, fresh: true, settled: { txn: { state: "paid" }, attempt: { state: "success" } } });
    expect(Number(once.settled!.txn.paid_amount)).toBe(10);
    expect(once.settled!.event).toMatchObject({ kind: "state_changed", to_state: "paid", data: { reference_number: reference, outcome: "success" } });
    expect(await messagesAbout(reference)).toEqual([{ message_id: `m-${reference}` }]);
    const last = (await events(ctx, sessionId)).at(-1)!;
    expect([last.from_state, last.to_state, last.cause, last.attempt_id]).toEqual(["pending", "paid", "gateway_callback", found.attempt.id]);
  });

  it("changes nothing, recording no message, while the transaction is not as the decision took it", async () => {
    const cases: [string, (a: { sessionId: string; found: AttemptToSettle }) => Promise<Partial<Settlement>>][] = [
      ["another operation", async () => ({ operation: "authorize" })],
      ["past its deadline", async ({ sessionId }) => (await passDeadline(ctx, sessionId), {})],
      ["not in the states the move is from", async () => ({ from: ["created"] })],
    ];
    for (const [name, change] of cases) {
      const { sessionId, reference, found } = await pendingAttempt();
      const once = await settleAtOnce(ctx.db, settlement(found, await change({ sessionId, found })));
      expect(once, name).toEqual({ locked: false, fresh: false, settled: undefined });
      expect([await stateOf(ctx, sessionId), await attemptState(reference), await messagesAbout(reference)], name).toEqual(["pending", "pending", []]);
    }
  });

  it("an attempt another answer settled meanwhile: the message is recorded, nothing else changes", async () => {
    const { sessionId, reference, found } = await pendingAttempt();
    await ctx.db.updateTable("payment_attempts").set({ state: "success" }).where("id", "=", found.attempt.id).execute();
    const before = (await events(ctx, sessionId)).length;
    expect(await settleAtOnce(ctx.db, settlement(found))).toEqual({ locked: true, fresh: true, settled: undefined });
    expect(await messagesAbout(reference)).toHaveLength(1);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    expect(await events(ctx, sessionId)).toHaveLength(before);
  });

  it("a message received before settles nothing, unless its gateway resends until acknowledged", async () => {
    const { sessionId, reference, found } = await pendingAttempt();
    const message = settlement(found).message!;
    await recordGatewayMessage(ctx.db, message);
    expect(await settleAtOnce(ctx.db, settlement(found))).toEqual({ locked: true, fresh: false, settled: undefined });
    expect([await stateOf(ctx, sessionId), await attemptState(reference)]).toEqual(["pending", "pending"]);
    const resent = await settleAtOnce(ctx.db, settlement(found, { message: { ...message, resends: true } }));
    expect(resent).toMatchObject({ locked: true, fresh: false, settled: { txn: { state: "paid" } } });
  });

  it("a browser return whose message was recorded before (the gateway could not be asked then) is refused and changes nothing", async () => {
    const { sessionId, reference, next } = await pendingAttempt();
    await recordGatewayMessage(ctx.db, { pg: "sandbox", messageId: messageIn(next).message_id!, referenceNumber: reference, channel: "return" });
    await expect(deliverReturn(ctx, next)).rejects.toThrow("The gateway message was already received.");
    expect([await stateOf(ctx, sessionId), await attemptState(reference)]).toEqual(["pending", "pending"]);
  });
});
