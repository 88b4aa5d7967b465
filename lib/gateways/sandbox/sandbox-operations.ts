import { randomInt } from "node:crypto";
import {
  approveSandboxOperation,
  findSandboxOperation,
  recordSandboxOperation,
  type SandboxOperation,
  type SandboxRefusals,
} from "@/db/queries/sandbox-operations";
import type { Ctx } from "@/lib/core/context";
import type { OperationInput, OperationResult } from "@/lib/gateways/adapter";

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

/** Why the sandbox refuses an operation, in its words; which one applies is decided with its records. */
const REFUSALS: SandboxRefusals = {
  unsettled: "The payment is not settled.",
  notAuthorization: "The payment was not an authorization.",
  alreadyClosed: "The authorization was already captured or voided.",
  nothingCaptured: "Nothing was captured.",
  tooMuch: "The amount is more than the payment has left.",
  issuer: REFUSAL_MESSAGE,
};

/**
 * The sandbox gateway's refund, capture and void: checked against its own record of the payment, decided by the
 * test card that paid it (refused, left unanswered, or done), and done once per operation reference. It takes no
 * lock: the service's claim on the transaction (db/queries/operations.ts) is what keeps racing requests apart.
 */
export async function operateInSandbox(ctx: Ctx, input: OperationInput): Promise<OperationResult> {
  const { paymentReference, operationReference, kind, amount } = input;
  const op = await recordSandboxOperation(ctx.db, { paymentReference, operationReference, kind, amount }, REFUSALS);
  if (op === null) return { outcome: "failed", message: "Unknown payment.", gatewayResponse: { result: "REFUSED", responsecode: "14" } };
  // Another request with this reference recorded it first: answer as it did.
  return operationResult(op === "raced" ? (await findSandboxOperation(ctx.db, operationReference))! : op);
}

/** The sandbox's answer about an operation; one left unanswered is approved when someone asks with `settle`. */
export async function inquireSandboxOperation(ctx: Ctx, reference: string, settle: boolean): Promise<OperationResult | null> {
  const op = await findSandboxOperation(ctx.db, reference);
  if (!op) return null;
  const settled = settle && op.status === "processing" ? await approveSandboxOperation(ctx.db, reference) : undefined;
  return operationResult(settled ?? op);
}
