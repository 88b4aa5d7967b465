import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { updateSettings } from "@/db/queries/settings";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { runMaintenance } from "@/lib/jobs/run-maintenance";
import type { Caller } from "@/lib/access/auth/permissions";
import { performOperation } from "@/lib/checkout/operations/perform-operation";
import { resumeOperation } from "@/lib/checkout/operations/resume-operation";
import { inquireTransaction } from "@/lib/checkout/payments/inquire-transaction";
import { CARDS, deliverReturn, events, freshMessage, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { recordGatewayResult } from "@/lib/checkout/payments/record-gateway-result";
import { testContext } from "../support/test-context";

// What follows an operation: its signed webhook (which ottu-py's verify_signature accepts), the customer's
// notification, and the automatic give-back of a duplicate payment.

const ctx = testContext();
const HMAC_KEY = "operations-webhook-key";
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings(ctx.db, { webhook_hmac_key: HMAC_KEY });
});

/** ottu-py's verify_signature (standard scheme), written from its documented rule: sorted `key+value` of 18 fields. */
function ottuPyAccepts(payload: Record<string, unknown>): boolean {
  const fields = ["amount", "currency_code", "customer_address_city", "customer_address_country", "customer_address_line1",
    "customer_address_line2", "customer_address_postal_code", "customer_address_state", "customer_email", "customer_first_name",
    "customer_last_name", "customer_phone", "gateway_account", "gateway_name", "order_no", "reference_number", "result", "state"];
  const message = fields
    .filter((k) => payload[k] !== undefined && payload[k] !== null && payload[k] !== "")
    .map((k) => `${k}${String(payload[k])}`)
    .join("");
  return createHmac("sha256", HMAC_KEY).update(message).digest("hex") === payload.signature;
}

const operate = (fields: Record<string, unknown>) => performOperation({ ctx, input: { caller, fields } });

/** The webhook payload planned for an event, as the job would store it. */
async function webhookOf(eventId: string) {
  const { deliveryIds } = await planEventEffects(ctx.db, eventId);
  if (deliveryIds.length === 0) return null;
  const row = await ctx.db.selectFrom("webhook_deliveries").select("payload").where("id", "=", deliveryIds[0]!).executeTakeFirstOrThrow();
  return row.payload as Record<string, unknown>;
}

async function paidTransaction(fields: Record<string, unknown> = {}) {
  const sessionId = await newTransaction(ctx, caller, { webhook_url: "https://merchant.example/hook", ...fields });
  const { reference, next } = await payWith(ctx, sessionId, CARDS.approve, { code: String((fields.pg_codes as string[] | undefined)?.[0] ?? "card") });
  await deliverReturn(ctx, next);
  return { sessionId, reference };
}

describe("operation webhooks and notifications", () => {
  it("a partial refund sends a signed webhook with the operation's amount and the money after it, and the Refunded e-mail", async () => {
    const { sessionId, reference } = await paidTransaction({
      order_no: "WH-1",
      customer_email: "sara@example.com",
      notifications: { email: ["refunded"] },
    });
    const answer = await operate({ operation: "refund", session_id: sessionId, amount: "4" });
    expect(ottuPyAccepts(answer.body)).toBe(true);
    await operate({ operation: "refund", session_id: sessionId, amount: "1" });

    const [first, second] = (await events(ctx, sessionId)).filter((e) => e.kind === "operation");
    const payload = (await webhookOf(first!.event_id))!;
    expect(payload).toMatchObject({
      event_id: first!.event_id,
      session_id: sessionId,
      order_no: "WH-1",
      operation: "refund",
      result: "success",
      state: "paid",
      amount: "10.000",
      operation_amount: "4.000",
      reference_number: answer.body.reference_number,
      paid_amount: "10.000",
      refunded_amount: "4.000",
      captured_amount: "0.000",
      voided_amount: "0.000",
      remaining_amount: "6.000",
      gateway_account: "card",
    });
    expect(payload.reference_number).not.toBe(reference);
    expect(ottuPyAccepts(payload)).toBe(true);
    // The second refund's payload carries the money after it, however late it is planned.
    expect(await webhookOf(second!.event_id)).toMatchObject({ operation_amount: "1.000", refunded_amount: "5.000", remaining_amount: "5.000" });

    const mails = await ctx.db.selectFrom("messages").selectAll().where("session_id", "=", sessionId).where("event_id", "=", first!.event_id).execute();
    expect(mails.map((m) => [m.channel, m.recipient])).toEqual([["email", "sara@example.com"]]);
    expect(mails[0]!.body).toContain("4.000 KWD");
  });

  it("a cancel sends its webhook with the operation named", async () => {
    const sessionId = await newTransaction(ctx, caller, { webhook_url: "https://merchant.example/hook" });
    await operate({ operation: "cancel", session_id: sessionId });
    const canceled = (await events(ctx, sessionId)).at(-1)!;
    const payload = (await webhookOf(canceled.event_id))!;
    expect(payload).toMatchObject({ operation: "cancel", result: "canceled", state: "canceled" });
    expect(ottuPyAccepts(payload)).toBe(true);
  });
});

describe("duplicate payments", () => {
  it("a payment the bank approves after the link was canceled is refunded automatically, after its duplicate_payment event", async () => {
    const sessionId = await newTransaction(ctx, caller, { webhook_url: "https://merchant.example/hook" });
    const { reference } = await payWith(ctx, sessionId, CARDS.noAnswer);
    expect((await operate({ operation: "cancel", session_id: sessionId })).body).toMatchObject({ state: "canceled" });

    // The bank approves after all; its callback arrives.
    await approveAtBank(reference);
    await recordGatewayResult({ ctx, input: { pg: "sandbox", channel: "callback", params: await freshMessage(ctx, reference) } });

    const [giveBack] = await ctx.db.selectFrom("operations").selectAll().where("session_id", "=", sessionId).where("cause", "=", "duplicate").execute();
    expect(giveBack).toMatchObject({ kind: "refund", state: "pending", amount: "10.000000" });
    const { rows: jobs } = await sql<{ task_identifier: string }>`
      SELECT task_identifier FROM graphile_worker.jobs WHERE key = ${`operation:${giveBack!.id}`}`.execute(ctx.db);
    expect(jobs).toEqual([{ task_identifier: "settle-operation" }]);

    // The job runs: the sandbox refunds the second charge once, however often it runs.
    expect(await resumeOperation({ ctx, input: { operationId: giveBack!.id, settle: false, cause: "gateway" } })).toBe("success");
    expect(await resumeOperation({ ctx, input: { operationId: giveBack!.id, settle: false, cause: "gateway" } })).toBe("success");
    const all = await events(ctx, sessionId);
    const kinds = all.map((e) => e.kind);
    expect(kinds.slice(kinds.indexOf("duplicate_payment"))).toEqual(["duplicate_payment", "operation"]);
    const refundEvent = all.at(-1)!;
    expect(refundEvent).toMatchObject({ from_state: "canceled", to_state: "canceled", data: { operation: "refund", result: "success", cause: "duplicate" } });
    expect(await webhookOf(refundEvent.event_id)).toMatchObject({ operation: "refund", operation_amount: "10.000", state: "canceled", refunded_amount: "0.000" });
    const txn = await ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
    expect(txn).toMatchObject({ state: "canceled", paid_amount: "0.000000", refunded_amount: "0.000000", held_amount: "0.000000" });
    expect(await ctx.db.selectFrom("sandbox_operations").select("status").where("payment_reference", "=", reference).execute()).toEqual([{ status: "approved" }]);
  });

  it("on an authorize gateway the duplicate is voided, and an inquiry gives it back at once", async () => {
    const sessionId = await newTransaction(ctx, caller, { pg_codes: ["card-auth"] });
    await payWith(ctx, sessionId, CARDS.noAnswer, { code: "card-auth" });
    await operate({ operation: "expire", session_id: sessionId });
    await inquireTransaction({ ctx, input: { caller, fields: { session_id: sessionId } } });
    const ops = await ctx.db.selectFrom("operations").select(["kind", "state", "cause"]).where("session_id", "=", sessionId).orderBy("id").execute();
    expect(ops).toEqual([
      { kind: "expire", state: "success", cause: "api" },
      { kind: "void", state: "success", cause: "duplicate" },
    ]);
  });
});

/** The sandbox's bank answers a payment it had left unanswered. */
async function approveAtBank(reference: string) {
  await ctx.db.updateTable("sandbox_payments").set({ status: "approved", settled_at: new Date() }).where("reference_number", "=", reference).execute();
}

describe("fees and the sweep", () => {
  it("refunds the fee the customer paid too: the default refund is the whole paid amount", async () => {
    await createGatewaySetting({ ctx, input: { code: "card-fee", pg: "sandbox", currencies: ["KWD"], feeFixed: "0.250", isSandbox: true } });
    const { sessionId } = await paidTransaction({ pg_codes: ["card-fee"] });
    const answer = await operate({ operation: "refund", session_id: sessionId });
    expect(answer.body).toMatchObject({ amount: "10.250", txn: { state: "refunded", amount: "10.000", refunded_amount: "10.250", remaining_amount: "0.000" } });
  });

  it("the maintenance sweep asks again about operations their gateway left pending for a minute", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const { next } = await payWith(ctx, sessionId, "4000 0000 0000 0077");
    await deliverReturn(ctx, next);
    const pending = await operate({ operation: "refund", session_id: sessionId, amount: "1" });
    expect(pending.status).toBe(202);
    await ctx.db.updateTable("operations").set({ created_at: new Date(Date.now() - 120_000) }).where("session_id", "=", sessionId).execute();
    const swept = await runMaintenance({ ctx, input: { requeueDeliveries: false } });
    expect(swept.operationsRequeued).toBeGreaterThanOrEqual(1);
    const [op] = await ctx.db.selectFrom("operations").select("id").where("session_id", "=", sessionId).execute();
    const { rows } = await sql`SELECT 1 FROM graphile_worker.jobs WHERE key = ${`operation:${op!.id}`}`.execute(ctx.db);
    expect(rows).toHaveLength(1);
  });
});
