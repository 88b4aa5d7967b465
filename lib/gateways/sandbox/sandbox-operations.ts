import { randomInt } from "node:crypto";
import {
  approveSandboxOperation,
  findOperationFacts,
  findSandboxOperation,
  insertSandboxOperation,
  type LiveOperations,
  type SandboxOperation,
} from "@/db/queries/sandbox-operations";
import type { SandboxPayment } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import type { OperationInput, OperationResult } from "@/lib/gateways/adapter";
import { toUnits } from "@/lib/core/money/decimal";

// Stored amounts have six places (numeric(18, 6)); compare them exactly.
const units = (amount: string) => toUnits(amount, 6);

const DONE_WORDS = { refund: "REFUNDED", capture: "CAPTURED", void: "VOIDED" } as const;
export const REFUSAL_MESSAGE = "Operation refused by the issuer (sandbox test card 4000 0000 0000 0069).";

/** The sandbox's answer about one of its operations, in the gateway's words. */
function operationResult(op: SandboxOperation): OperationResult {
  const outcome = op.status === "approved" ? "success" : op.status === "refused" ? "failed" : "pending";
  return {
    outcome,
    message: op.message,
    gatewayResponse: {
      result: op.status === "approved" ? DONE_WORDS[op.kind] : op.status === "refused" ? "REFUSED" : "PENDING",
      ref: op.reference_number,
      trackid: op.payment_reference,
      tranid: String(randomInt(10 ** 9, 10 ** 10)),
      amt: op.amount,
      responsecode: op.status === "approved" ? "00" : op.status === "refused" ? "57" : "",
      postdate: (op.settled_at ?? op.created_at).toISOString().slice(5, 10).replace("-", ""),
    },
  };
}

/** Why the sandbox would not do this operation on this payment, or null when it may. */
function refusalReason(payment: SandboxPayment, live: LiveOperations, input: OperationInput): string | null {
  if (payment.status !== "approved") return "The payment is not settled.";
  const hasCapture = live.captures > 0;
  const hasVoid = live.voids > 0;
  if (input.kind !== "refund" && payment.operation !== "authorize") return "The payment was not an authorization.";
  if (input.kind !== "refund" && (hasCapture || hasVoid)) return "The authorization was already captured or voided.";
  if (input.kind === "refund" && payment.operation === "authorize" && !hasCapture) return "Nothing was captured.";
  const ceiling = input.kind === "refund" && hasCapture ? units(live.captured) : units(payment.amount);
  const available = input.kind === "refund" ? ceiling - units(live.refunded) : ceiling;
  if (units(input.amount) > available) return "The amount is more than the payment has left.";
  if (payment.operation_behaviour === "refuse") return REFUSAL_MESSAGE;
  return null;
}

/**
 * The sandbox gateway's refund, capture and void: checked against its own record of the payment, decided by the
 * test card that paid it (refused, left unanswered, or done), and done once per operation reference. It takes no
 * lock: the service's claim on the transaction (db/queries/operations.ts) is what keeps racing requests apart.
 */
export async function operateInSandbox(ctx: Ctx, input: OperationInput): Promise<OperationResult> {
  const { payment, live, earlier } = await findOperationFacts(ctx.db, input.paymentReference, input.operationReference);
  if (earlier) return operationResult(earlier);
  if (!payment) return { outcome: "failed", message: "Unknown payment.", gatewayResponse: { result: "REFUSED", responsecode: "14" } };
  const refusal = refusalReason(payment, live, input);
  const unanswered = !refusal && payment.operation_behaviour === "no_answer";
  const op = await insertSandboxOperation(ctx.db, {
    reference_number: input.operationReference,
    payment_reference: payment.reference_number,
    kind: input.kind,
    amount: input.amount,
    status: refusal ? "refused" : unanswered ? "processing" : "approved",
    message: refusal,
    settled_at: unanswered ? null : new Date(),
  });
  return operationResult(op);
}

/** The sandbox's answer about an operation; one left unanswered is approved when someone asks with `settle`. */
export async function inquireSandboxOperation(ctx: Ctx, reference: string, settle: boolean): Promise<OperationResult | null> {
  const op = await findSandboxOperation(ctx.db, reference);
  if (!op) return null;
  const settled = settle && op.status === "processing" ? await approveSandboxOperation(ctx.db, reference) : undefined;
  return operationResult(settled ?? op);
}
