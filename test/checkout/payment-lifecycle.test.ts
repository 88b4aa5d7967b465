import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { cancelSandboxPayment } from "@/lib/gateways/sandbox/cancel-sandbox-payment";
import { finishChallenge } from "@/lib/gateways/sandbox/finish-challenge";
import { runMaintenance } from "@/lib/jobs/run-maintenance";
import { inquirePayment } from "@/lib/checkout/payments/inquire-payment";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { CARDS, deliverReturn, events, freshMessage, newTransaction, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { recordGatewayResult } from "@/lib/checkout/payments/record-gateway-result";
import { recordingDb } from "../support/recording-db";
import { testContext } from "../support/test-context";

const ctx = testContext();
const recording = recordingDb();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

const attempt = (reference: string) =>
  ctx.db.selectFrom("payment_attempts").selectAll().where("reference_number", "=", reference).executeTakeFirstOrThrow();

describe("payment lifecycle on the sandbox gateway", () => {
  it("created → pending → paid with an approved card, one event per change", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const { reference, next } = await payWith(ctx, sessionId, CARDS.approve);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    const recorded = await deliverReturn(ctx, next);
    expect(recorded).toMatchObject({ sessionId, referenceNumber: reference, changed: true });
    expect(await stateOf(ctx, sessionId)).toBe("paid");
    const moves = (await events(ctx, sessionId)).map((e) => [e.kind, e.from_state, e.to_state, e.cause]);
    expect(moves).toEqual([
      ["created", null, "created", "api"],
      ["state_changed", "created", "pending", "payment_started"],
      ["state_changed", "pending", "paid", "gateway_return"],
    ]);
    const row = await attempt(reference);
    expect(row.state).toBe("success");
    expect(row.card).toEqual({ brand: "Visa", masked: "•••• 1111", expiry: "12/39", holder: "Sara Ahmad" });
    expect(Object.keys(row.gateway_response!)).toEqual(
      expect.arrayContaining(["result", "postdate", "ref", "trackid", "tranid", "udf1", "udf2", "udf3", "udf4", "udf5", "eci", "responsecode", "paymentid", "auth"]),
    );
    expect(row.gateway_response).toMatchObject({ result: "CAPTURED", ref: reference, responsecode: "00" });
  });

  it("a payment's start writes the attempt with the gateway's answer, the move and its event in one statement", async () => {
    const sessionId = await newTransaction(ctx, caller);
    recording.executed.splice(0);
    const started = await startPayment({ ctx: { db: recording.db }, input: { sessionId, code: "card" } });
    expect(started.kind).toBe("redirect");
    const ours = recording.executed.splice(0).map((q) => q.sql).filter((s) => /^\s*(insert|update|with)/i.test(s) && /payment_attempts|transaction_events|"?transactions"?\s/i.test(s));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatch(/INSERT INTO payment_attempts[\s\S]*UPDATE transactions[\s\S]*INSERT INTO transaction_events/);
    const row = await ctx.db.selectFrom("payment_attempts").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "pending", gateway_code: "card" });
    expect(row.gateway_response).toHaveProperty("paymentid");
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    const moves = (await events(ctx, sessionId)).map((e) => [e.from_state, e.to_state, e.cause, e.attempt_id]);
    expect(moves.at(-1)).toEqual(["created", "pending", "payment_started", row.id]);
  });

  it("an authorize gateway yields authorized, not paid", async () => {
    const sessionId = await newTransaction(ctx, caller, { pg_codes: ["card-auth"] });
    const { next } = await payWith(ctx, sessionId, CARDS.approve, { code: "card-auth" });
    await deliverReturn(ctx, next);
    expect(await stateOf(ctx, sessionId)).toBe("authorized");
  });

  it("a declined card leaves the transaction attempted and the customer may try again", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const declined = await payWith(ctx, sessionId, CARDS.decline);
    await deliverReturn(ctx, declined.next);
    expect(await stateOf(ctx, sessionId)).toBe("attempted");
    expect((await attempt(declined.reference)).message).toBe("Insufficient funds");
    const retry = await payWith(ctx, sessionId, CARDS.approve);
    await deliverReturn(ctx, retry.next);
    expect(await stateOf(ctx, sessionId)).toBe("paid");
  });

  it("a processing error moves the transaction to error", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const { next } = await payWith(ctx, sessionId, CARDS.error);
    await deliverReturn(ctx, next);
    expect(await stateOf(ctx, sessionId)).toBe("error");
  });

  it("3-D Secure: Approve pays, Deny declines", async () => {
    const approved = await newTransaction(ctx, caller);
    const a = await payWith(ctx, approved, CARDS.challenge);
    expect(a.next).toContain(`/sandbox/3ds/${a.reference}`);
    await deliverReturn(ctx, (await finishChallenge({ ctx, input: { reference: a.reference, approve: true } })).url);
    expect(await stateOf(ctx, approved)).toBe("paid");

    const denied = await newTransaction(ctx, caller);
    const d = await payWith(ctx, denied, CARDS.challenge);
    await deliverReturn(ctx, (await finishChallenge({ ctx, input: { reference: d.reference, approve: false } })).url);
    expect(await stateOf(ctx, denied)).toBe("attempted");
  });

  it("Cancel on the gateway page leaves the transaction attempted", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const started = await startPayment({ ctx, input: { sessionId, code: "card" } });
    if (started.kind !== "redirect") throw new Error("not started");
    await deliverReturn(ctx, (await cancelSandboxPayment({ ctx, input: { reference: started.referenceNumber } })).url);
    expect(await stateOf(ctx, sessionId)).toBe("attempted");
    expect((await attempt(started.referenceNumber)).state).toBe("canceled");
  });

  it("no answer: the attempt stays pending until an inquiry settles it", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const { reference, next } = await payWith(ctx, sessionId, CARDS.noAnswer);
    expect((await deliverReturn(ctx, next)).changed).toBe(false);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    expect((await attempt(reference)).state).toBe("pending");
    expect(await inquirePayment({ ctx, input: { referenceNumber: reference } })).toMatchObject({ state: "success", changed: true });
    expect(await stateOf(ctx, sessionId)).toBe("paid");
  });

  it("a late callback after the browser return changes nothing more; each is one statement, without a database transaction", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const { reference, next } = await payWith(ctx, sessionId, CARDS.approve);
    const statements = () => recording.executed.splice(0).map((q) => q.sql.trim().toLowerCase());
    statements();
    await deliverReturn({ db: recording.db }, next);
    // The settling message is recorded in the statement that settles its result (db/queries/settle-at-once.ts).
    const settling = statements();
    expect(settling.filter((s) => s === "begin" || s === "commit")).toEqual([]);
    const recordedIn = settling.filter((s) => s.includes("gateway_messages"));
    expect(recordedIn).toHaveLength(1);
    expect(recordedIn[0]).toContain("update payment_attempts");
    expect(recordedIn[0]).toContain("insert into transaction_events");
    const late = await recordGatewayResult({ ctx: { db: recording.db }, input: { pg: "sandbox", channel: "callback", params: await freshMessage(ctx, reference) } });
    expect(late.changed).toBe(false);
    const lateStatements = statements();
    expect(lateStatements.filter((s) => s === "begin" || s === "commit")).toEqual([]);
    expect(lateStatements.filter((s) => s.includes("gateway_messages"))).toHaveLength(1);
    expect((await events(ctx, sessionId)).filter((e) => e.to_state === "paid")).toHaveLength(1);
  });
});

describe("the maintenance sweep of attempts left pending", () => {
  const attemptOf = (reference: string) =>
    ctx.db.selectFrom("payment_attempts").selectAll().where("reference_number", "=", reference).executeTakeFirstOrThrow();
  const quiet = (reference: string) =>
    ctx.db.updateTable("payment_attempts").set({ updated_at: new Date(Date.now() - 120_000) }).where("reference_number", "=", reference).execute();

  it("settles an attempt whose answer was lost (a crash after the gateway charged), and leaves one the customer has not paid", async () => {
    // Charged at the gateway, but neither the return nor the callback was ever recorded.
    const lost = await newTransaction(ctx, caller);
    const { reference } = await payWith(ctx, lost, CARDS.approve);
    // Still on the gateway's card page.
    const waiting = await newTransaction(ctx, caller);
    const started = await startPayment({ ctx, input: { sessionId: waiting, code: "card" } });
    if (started.kind !== "redirect") throw new Error("payment did not start");
    // A minute without news for both; a fresh one is not the sweep's business yet.
    await quiet(reference);
    await quiet(started.referenceNumber);

    const swept = await runMaintenance({ ctx, input: { requeueDeliveries: false } });
    expect(swept.attemptsSettled).toBe(1);
    expect(await attemptOf(reference)).toMatchObject({ state: "success" });
    expect(await stateOf(ctx, lost)).toBe("paid");
    expect((await events(ctx, lost)).filter((e) => e.to_state === "paid")).toHaveLength(1);

    // The unpaid one stays pending, marked as seen: the next run asks about others first.
    const still = await attemptOf(started.referenceNumber);
    expect(still.state).toBe("pending");
    expect(still.updated_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await runMaintenance({ ctx, input: { requeueDeliveries: false } })).attemptsSettled).toBe(0);
    expect(await stateOf(ctx, waiting)).toBe("pending");
  });

  it("asks at once when the customer is back to pay and the earlier attempt has been quiet a while", async () => {
    const lost = await newTransaction(ctx, caller);
    const { reference } = await payWith(ctx, lost, CARDS.approve);
    // A few seconds old: it may be in the customer's other tab, so the answer is the result page's to wait for.
    expect(await startPayment({ ctx, input: { sessionId: lost, code: "card" } })).toEqual({ kind: "busy" });
    expect(await attemptOf(reference)).toMatchObject({ state: "pending" });

    await quiet(reference);
    expect(await startPayment({ ctx, input: { sessionId: lost, code: "card" } })).toEqual({ kind: "closed", state: "paid" });
    expect(await attemptOf(reference)).toMatchObject({ state: "success" });
    expect((await events(ctx, lost)).filter((e) => e.to_state === "paid")).toHaveLength(1);
  });
});
