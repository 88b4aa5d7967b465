import { describe, expect, it } from "vitest";
import { insertSandboxPayment } from "@/db/queries/sandbox-payments";
import type { GatewayOperation, SandboxOperationBehaviour, SandboxStatus } from "@/db/types";
import type { OperationInput } from "@/lib/gateways/adapter";
import { inquireSandboxOperation, operateInSandbox, REFUSAL_MESSAGE } from "@/lib/gateways/sandbox/sandbox-operations";
import { testContext } from "../support/test-context";

// The sandbox gateway decides a refund, capture or void against its own records, in one statement: each of its
// reasons to refuse, the sums of earlier operations, and one answer per operation reference.

const ctx = testContext();
let counter = 0;

async function sandboxPayment(
  fields: { amount?: string; operation?: GatewayOperation; status?: SandboxStatus; behaviour?: SandboxOperationBehaviour } = {},
): Promise<string> {
  const reference = `SBX-OPS-${++counter}`;
  await insertSandboxPayment(ctx.db, {
    reference_number: reference,
    gateway_code: "card",
    amount: fields.amount ?? "10.000",
    currency_code: "KWD",
    customer_id: null,
    status: fields.status ?? "approved",
    operation: fields.operation ?? "purchase",
    card_brand: "VISA",
    card_masked: "411111******1111",
    card_expiry: "12/30",
    token: null,
    paymentid: `PID${counter}`,
    tranid: null,
    auth_code: null,
    operation_behaviour: fields.behaviour ?? "accept",
    created_at: new Date(),
    settled_at: new Date(),
  });
  return reference;
}

let operations = 0;
const operate = (paymentReference: string, kind: OperationInput["kind"], amount: string, operationReference = `OP-${++operations}`) =>
  operateInSandbox(ctx, { kind, paymentReference, operationReference, amount, currencyCode: "KWD" });

describe("the sandbox gateway's operations", () => {
  it("refunds a purchase in parts up to what was paid, then refuses what is more than is left", async () => {
    const payment = await sandboxPayment();
    expect((await operate(payment, "refund", "4.000")).outcome).toBe("success");
    expect((await operate(payment, "refund", "6.000")).outcome).toBe("success");
    const over = await operate(payment, "refund", "0.001");
    expect(over).toMatchObject({ outcome: "failed", message: "The amount is more than the payment has left." });
    expect(over.gatewayResponse).toMatchObject({ result: "REFUSED", responsecode: "57" });
  });

  it("captures an authorization once, refunds only what was captured, and voids nothing after a capture", async () => {
    const payment = await sandboxPayment({ operation: "authorize" });
    expect(await operate(payment, "refund", "1.000")).toMatchObject({ outcome: "failed", message: "Nothing was captured." });
    expect((await operate(payment, "capture", "6.000")).gatewayResponse).toMatchObject({ result: "CAPTURED", responsecode: "00" });
    expect(await operate(payment, "capture", "1.000")).toMatchObject({ message: "The authorization was already captured or voided." });
    expect(await operate(payment, "void", "10.000")).toMatchObject({ message: "The authorization was already captured or voided." });
    expect(await operate(payment, "refund", "6.001")).toMatchObject({ message: "The amount is more than the payment has left." });
    expect((await operate(payment, "refund", "6.000")).gatewayResponse).toMatchObject({ result: "REFUNDED" });
  });

  it("voids an authorization, not a purchase nor an unsettled payment", async () => {
    expect(await operate(await sandboxPayment(), "void", "10.000")).toMatchObject({ message: "The payment was not an authorization." });
    expect(await operate(await sandboxPayment({ status: "declined" }), "refund", "1.000")).toMatchObject({ message: "The payment is not settled." });
    const authorization = await sandboxPayment({ operation: "authorize" });
    expect((await operate(authorization, "void", "10.000")).gatewayResponse).toMatchObject({ result: "VOIDED" });
    expect(await operate(authorization, "capture", "10.000")).toMatchObject({ message: "The authorization was already captured or voided." });
  });

  it("answers as the test card says: refused by the issuer, or left unanswered until an inquiry settles it", async () => {
    expect(await operate(await sandboxPayment({ behaviour: "refuse" }), "refund", "1.000")).toMatchObject({ outcome: "failed", message: REFUSAL_MESSAGE });
    // A refusal for the amount comes before the issuer's: the card's behaviour applies to operations that fit.
    expect(await operate(await sandboxPayment({ behaviour: "refuse" }), "refund", "11.000")).toMatchObject({
      message: "The amount is more than the payment has left.",
    });
    const unanswered = await sandboxPayment({ behaviour: "no_answer" });
    expect(await operate(unanswered, "refund", "7.000", "OP-UNANSWERED")).toMatchObject({ outcome: "pending", gatewayResponse: { result: "PENDING" } });
    // What is still processing counts against what is left.
    expect(await operate(unanswered, "refund", "3.001")).toMatchObject({ message: "The amount is more than the payment has left." });
    expect(await inquireSandboxOperation(ctx, "OP-UNANSWERED", true)).toMatchObject({ outcome: "success" });
  });

  it("answers an operation reference once: the same reference again gets the first answer, whatever it asks", async () => {
    const payment = await sandboxPayment();
    const first = await operate(payment, "refund", "9.000", "OP-ONCE");
    const again = await operate(payment, "refund", "9.000", "OP-ONCE");
    expect(again).toMatchObject({ outcome: "success", gatewayResponse: { ref: "OP-ONCE", amt: "9.000000" } });
    expect(first.gatewayResponse.amt).toBe("9.000000");
    const racing = await Promise.all([1, 2, 3].map(() => operate(payment, "refund", "1.000", "OP-RACE")));
    expect(racing.map((r) => r.outcome)).toEqual(["success", "success", "success"]);
    const recorded = await ctx.db.selectFrom("sandbox_operations").select("reference_number").where("payment_reference", "=", payment).execute();
    expect(recorded.map((r) => r.reference_number).sort()).toEqual(["OP-ONCE", "OP-RACE"]);
  });

  it("refuses an unknown payment", async () => {
    expect(await operate("SBX-NOBODY", "refund", "1.000")).toMatchObject({ outcome: "failed", message: "Unknown payment." });
  });
});
