import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { notificationEventFor } from "@/lib/delivery/notifications/notification-event-for";
import { planMessages } from "@/lib/delivery/notifications/plan-messages";
import { addEvent, lastEvent, messagesOf, planFor, txnRow } from "../support/notification-flow";
import { recordingDb } from "../support/recording-db";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

const ctx = testContext();
const recording = recordingDb();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

const customer = { customer_email: "sara@example.com", customer_phone: "96550000000", customer_first_name: "Sara" };
const everything = ["created", "paid", "canceled", "failed", "expired", "authorized", "voided", "refunded", "captured"];

/** A transaction for the customer above, paid (or not) with a card; returns its session id. */
async function paid(card: string, fields: Record<string, unknown>, code = "card") {
  const sessionId = await newTransaction(ctx, caller, { ...customer, pg_codes: [code], ...fields });
  const { next } = await payWith(ctx, sessionId, card, { code });
  await deliverReturn(ctx, next);
  return sessionId;
}

describe("notificationEventFor", () => {
  it.each([
    [{ kind: "created", to_state: "created", data: {} }, "created"],
    [{ kind: "state_changed", to_state: "pending", data: {} }, null],
    [{ kind: "state_changed", to_state: "paid", data: { result: "success" } }, "paid"],
    [{ kind: "state_changed", to_state: "authorized", data: { result: "success" } }, "authorized"],
    [{ kind: "state_changed", to_state: "error", data: { result: "error" } }, "failed"],
    [{ kind: "state_changed", to_state: "expired", data: {} }, "expired"],
    [{ kind: "state_changed", to_state: "attempted", data: { result: "failed" } }, "failed"],
    [{ kind: "state_changed", to_state: "attempted", data: { result: "canceled" } }, "canceled"],
    [{ kind: "attempt_settled", to_state: "attempted", data: { result: "failed" } }, "failed"],
    [{ kind: "attempt_settled", to_state: "attempted", data: { result: "canceled" } }, "canceled"],
    [{ kind: "attempt_settled", to_state: "paid", data: { result: "failed" } }, null],
    [{ kind: "state_changed", to_state: "voided", data: {} }, "voided"],
    [{ kind: "state_changed", to_state: "refunded", data: {} }, "refunded"],
    [{ kind: "state_changed", to_state: "captured", data: {} }, "captured"],
    [{ kind: "duplicate_payment", to_state: "paid", data: { result: "success" } }, null],
    [{ kind: "updated", to_state: null, data: {} }, null],
  ])("%j → %s", (event, expected) => {
    expect(notificationEventFor(event)).toBe(expected);
  });
});

describe("planMessages", () => {
  it("created: one e-mail to the customer with the payment link, when 'created' is listed for e-mail", async () => {
    const sessionId = await newTransaction(ctx, caller, { ...customer, order_no: "ORD-1", notifications: { email: ["created"] } });
    const ids = await planFor(ctx, sessionId);
    const rows = await messagesOf(ctx, sessionId);
    expect(rows.map((m) => m.id)).toEqual(ids);
    expect(rows).toMatchObject([
      { channel: "email", recipient: "sara@example.com", state: "pending", provider: null, subject: "Payment request from Demo Merchant (Order number ORD-1)" },
    ]);
    expect(rows[0]!.event_id).toBe((await lastEvent(ctx, sessionId)).event_id);
    expect(rows[0]!.body).toContain(`Pay here: http://localhost:9/b/checkout/redirect/start/?session_id=${sessionId}`);
    expect(rows[0]!.body).toContain("Amount: 10.000 KWD");
  });

  it("paid: an e-mail and an SMS with the reference number, when listed for both", async () => {
    const sessionId = await paid(CARDS.approve, { notifications: { email: ["paid"], sms: ["PAID"] } });
    const event = await lastEvent(ctx, sessionId);
    expect(event.to_state).toBe("paid");
    const reference = String(event.data.reference_number);
    await planFor(ctx, sessionId);
    const rows = await messagesOf(ctx, sessionId);
    expect(rows.map((m) => [m.channel, m.recipient])).toEqual([
      ["email", "sara@example.com"],
      ["sms", "96550000000"],
    ]);
    expect(rows[0]!.subject).toBe("Your payment to Demo Merchant was successful");
    expect(rows[0]!.body).toContain(`Reference number: ${reference}`);
    expect(rows[0]!.body).toContain("Status: Paid");
    expect(rows[0]!.body).not.toContain("http");
    expect(rows[1]!.subject).toBeNull();
    expect(rows[1]!.body).toBe(`Demo Merchant: Payment of 10.000 KWD successful. Ref ${reference}.`);
  });

  it("the created event of a transaction that only asked for 'paid' sends nothing", async () => {
    const sessionId = await newTransaction(ctx, caller, { ...customer, notifications: { email: ["paid"], sms: ["paid"] } });
    expect(await planFor(ctx, sessionId)).toEqual([]);
    expect(await messagesOf(ctx, sessionId)).toEqual([]);
  });

  it("no notifications at all: nothing for any event", async () => {
    const sessionId = await paid(CARDS.approve, {});
    expect(await planFor(ctx, sessionId)).toEqual([]);
    expect(await messagesOf(ctx, sessionId)).toEqual([]);
  });

  it("plans nothing without a statement where no run of the event could have planned any; lists them where one could", async () => {
    const sessionId = await paid(CARDS.approve, {});
    const paidEvent = await lastEvent(ctx, sessionId);
    const txn = await txnRow(ctx, sessionId);
    recording.executed.splice(0);
    // A paid transaction is not edited again: every run of its paid event sees no recipients.
    expect(await planMessages(recording.db, paidEvent, txn)).toEqual([]);
    // An event the customer is never told about (a late decline after the success).
    expect(await planMessages(recording.db, { ...paidEvent, kind: "attempt_settled", data: { result: "failed" } }, txn)).toEqual([]);
    expect(recording.executed).toEqual([]);

    // While the transaction awaits payment its recipients can change between two runs of one event: the first run's
    // messages are still found, and sent.
    const open = await newTransaction(ctx, caller, { ...customer, notifications: { email: ["created"] } });
    const created = await lastEvent(ctx, open);
    const planned = await planFor(ctx, open, created);
    expect(planned).toHaveLength(1);
    const edited = { ...(await txnRow(ctx, open)), notifications: {} };
    expect(await planMessages(ctx.db, created, edited)).toEqual(planned);
  });

  it("authorized: the authorize gateway's success sends the Authorized message", async () => {
    const sessionId = await paid(CARDS.approve, { notifications: { email: ["authorized", "paid"] } }, "card-auth");
    await planFor(ctx, sessionId);
    const [email] = await messagesOf(ctx, sessionId);
    expect(email).toMatchObject({ channel: "email", subject: "Your payment to Demo Merchant was approved" });
    expect(email!.body).toContain("Status: Authorized");
  });

  it("an error sends the Failed message where Failed was requested, telling a processing error", async () => {
    const sessionId = await paid(CARDS.error, { notifications: { email: ["failed"], sms: ["paid"] } });
    expect((await lastEvent(ctx, sessionId)).to_state).toBe("error");
    await planFor(ctx, sessionId);
    const rows = await messagesOf(ctx, sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "email", subject: "Your payment to Demo Merchant failed" });
    expect(rows[0]!.body).toContain("could not be completed because of a processing error");
    expect(rows[0]!.body).not.toContain("try again");
  });

  it("an error sends nothing where Failed was not requested", async () => {
    const sessionId = await paid(CARDS.error, { notifications: { email: ["paid"], sms: ["paid", "expired"] } });
    expect(await planFor(ctx, sessionId)).toEqual([]);
  });

  it("a declined card sends the Failed message (declined, with the link to try again)", async () => {
    const sessionId = await paid(CARDS.decline, { notifications: { sms: ["failed"] } });
    const event = await lastEvent(ctx, sessionId);
    expect([event.kind, event.to_state, event.data.result]).toEqual(["state_changed", "attempted", "failed"]);
    await planFor(ctx, sessionId);
    const [sms] = await messagesOf(ctx, sessionId);
    expect(sms!.body).toBe(
      `Demo Merchant: Payment of 10.000 KWD declined. Ref ${String(event.data.reference_number)}. http://localhost:9/b/checkout/redirect/start/?session_id=${sessionId}`,
    );
  });

  it("a second declined attempt (no state change) also sends the Failed message; a canceled one the Canceled message", async () => {
    const sessionId = await newTransaction(ctx, caller, { ...customer, notifications: { email: ["failed", "canceled"] } });
    const failed = await addEvent(ctx, sessionId, { kind: "attempt_settled", from: "attempted", to: "attempted", data: { result: "failed", reference_number: "R-2" } });
    const canceled = await addEvent(ctx, sessionId, { kind: "attempt_settled", from: "attempted", to: "attempted", data: { result: "canceled", reference_number: "R-3" } });
    const late = await addEvent(ctx, sessionId, { kind: "attempt_settled", from: "paid", to: "paid", data: { result: "failed", reference_number: "R-4" } });
    await planFor(ctx, sessionId, failed);
    await planFor(ctx, sessionId, canceled);
    expect(await planFor(ctx, sessionId, late)).toEqual([]);
    const rows = await messagesOf(ctx, sessionId);
    expect(rows.map((m) => m.subject)).toEqual([
      "Your payment to Demo Merchant was declined",
      "Your payment to Demo Merchant was canceled",
    ]);
    expect(rows[1]!.body).toContain("Reference number: R-3");
  });

  it.each([
    ["expired", "Your payment link from Demo Merchant has expired", "Status: Expired"],
    ["voided", "Your payment to Demo Merchant was voided", "Status: Voided"],
    ["refunded", "Refund from Demo Merchant", "Status: Refunded"],
    ["captured", "Your payment to Demo Merchant was charged", "Status: Captured"],
  ])("%s: the event's own message", async (state, subject, status) => {
    const sessionId = await newTransaction(ctx, caller, { ...customer, notifications: { email: everything, sms: everything } });
    const event = await addEvent(ctx, sessionId, { kind: "state_changed", from: "paid", to: state });
    await planFor(ctx, sessionId, event);
    const rows = await messagesOf(ctx, sessionId);
    expect(rows.map((m) => m.channel)).toEqual(["email", "sms"]);
    expect(rows[0]!.subject).toBe(subject);
    expect(rows[0]!.body).toContain(status);
  });

  it("a partial refund tells the refunded amount", async () => {
    const sessionId = await newTransaction(ctx, caller, { ...customer, amount: "25", notifications: { sms: ["refunded"] } });
    const event = await addEvent(ctx, sessionId, { kind: "state_changed", from: "paid", to: "refunded", data: { amount: "7.5" } });
    await planFor(ctx, sessionId, event);
    expect((await messagesOf(ctx, sessionId))[0]!.body).toBe("Demo Merchant: 7.500 KWD refunded.");
  });

  it("email_recipients get the e-mails too (each address once); SMS goes to the customer only", async () => {
    const sessionId = await paid(CARDS.approve, {
      email_recipients: ["accounts@shop.example", "SARA@example.com", "owner@shop.example"],
      notifications: { email: ["paid"], sms: ["paid"] },
    });
    await planFor(ctx, sessionId);
    const rows = await messagesOf(ctx, sessionId);
    expect(rows.map((m) => [m.channel, m.recipient])).toEqual([
      ["email", "sara@example.com"],
      ["email", "accounts@shop.example"],
      ["email", "owner@shop.example"],
      ["sms", "96550000000"],
    ]);
    expect(new Set(rows.filter((m) => m.channel === "email").map((m) => m.body)).size).toBe(1);
  });

  it("running again for the same event plans nothing new and returns the same ids", async () => {
    const sessionId = await paid(CARDS.approve, { email_recipients: ["accounts@shop.example"], notifications: { email: ["paid"], sms: ["paid"] } });
    const first = await planFor(ctx, sessionId);
    expect(first).toHaveLength(3);
    expect(await planFor(ctx, sessionId)).toEqual(first);
    expect(await messagesOf(ctx, sessionId)).toHaveLength(3);
  });

  it("runs inside the caller's database transaction: rolled back, nothing is planned", async () => {
    const sessionId = await newTransaction(ctx, caller, { ...customer, notifications: { email: ["created"] } });
    const event = await lastEvent(ctx, sessionId);
    const txn = await txnRow(ctx, sessionId);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        expect(await planMessages(trx, event, txn)).toHaveLength(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await messagesOf(ctx, sessionId)).toEqual([]);
    expect(await ctx.db.transaction().execute((trx) => planMessages(trx, event, txn))).toHaveLength(1);
  });
});
