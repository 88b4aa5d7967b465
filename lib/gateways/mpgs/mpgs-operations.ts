import { findOperationByReference } from "@/db/queries/operation-by-reference";
import type { GatewaySetting, MoneyOperation } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import type { OperationInput, OperationResult } from "@/lib/gateways/adapter";
import { inexactAmountMessage, mpgsAmount } from "./mpgs-amounts";
import { callMpgs, type MpgsBody, MpgsRefusal, segment } from "./mpgs-client";
import { retrieveMpgsOrder } from "./mpgs-inquiry";

const API_OPERATIONS: Record<MoneyOperation, string> = { refund: "REFUND", capture: "CAPTURE", void: "VOID" };

const failed = (message: string, gatewayResponse: Record<string, unknown> = {}): OperationResult => ({ outcome: "failed", message, gatewayResponse });

/** A transaction as MPGS has it (Retrieve Transaction, or the operation's own answer) as our result. */
function operationResult(kind: MoneyOperation, answer: MpgsBody): OperationResult {
  const transaction = (answer.transaction ?? {}) as { id?: unknown; type?: unknown; amount?: unknown; currency?: unknown };
  const order = (answer.order ?? {}) as { id?: unknown; status?: unknown; totalCapturedAmount?: unknown; totalRefundedAmount?: unknown };
  const gatewayCode = ((answer.response ?? {}) as { gatewayCode?: string }).gatewayCode ?? null;
  const gatewayResponse = {
    order_id: order.id ?? null,
    transaction_id: transaction.id ?? null,
    type: transaction.type ?? null,
    result: answer.result ?? null,
    gateway_code: gatewayCode,
    amount: transaction.amount ?? null,
    currency: transaction.currency ?? null,
    order_status: order.status ?? null,
    total_captured_amount: order.totalCapturedAmount ?? null,
    total_refunded_amount: order.totalRefundedAmount ?? null,
  };
  if (answer.result === "SUCCESS") return { outcome: "success", message: null, gatewayResponse };
  if (answer.result === "FAILURE") return failed(`MPGS did not ${kind}: ${gatewayCode ?? "FAILURE"}.`, gatewayResponse);
  // PENDING or UNKNOWN: the acquirer has not answered; an inquiry asks again later.
  return { outcome: "pending", message: null, gatewayResponse };
}

/** The transaction MPGS holds under our operation reference, or null when it has none. */
async function retrieveTransaction(gateway: GatewaySetting, orderId: string, transactionId: string): Promise<MpgsBody | null> {
  try {
    return await callMpgs(gateway, "looking up an operation", "GET", `/order/${segment(orderId)}/transaction/${segment(transactionId)}`);
  } catch (error) {
    if (error instanceof MpgsRefusal) return null;
    throw error;
  }
}

/** The order's successful authorization, which a VOID names as its target. */
async function authorizationOf(gateway: GatewaySetting, orderId: string): Promise<string | null> {
  const order = await retrieveMpgsOrder(gateway, orderId);
  const transactions = (order?.transaction ?? []) as { result?: string; transaction?: { id?: string; type?: string } }[];
  return transactions.find((t) => t.result === "SUCCESS" && t.transaction?.type === "AUTHORIZATION")?.transaction?.id ?? null;
}

async function requestOf(ctx: Ctx, gateway: GatewaySetting, input: OperationInput): Promise<MpgsBody | string> {
  if (input.kind === "void") {
    const target = await authorizationOf(gateway, input.paymentReference);
    return target ? { apiOperation: "VOID", transaction: { targetTransactionId: target } } : "MPGS holds no authorization to void for this payment.";
  }
  const amount = await mpgsAmount(ctx, input.amount, input.currencyCode);
  return amount ? { apiOperation: API_OPERATIONS[input.kind], transaction: { amount, currency: input.currencyCode } } : inexactAmountMessage(input.amount, input.currencyCode);
}

/**
 * Refund, capture or void as a transaction of the payment's order whose id is our operation reference. MPGS's
 * reference documents no replay of a repeated transaction id, so a send is never blind: the transaction is
 * retrieved first (a retry after a lost answer finds it done), and a refusal is checked the same way before it
 * fails the operation. No answer leaves it pending (GatewayUnavailable is thrown).
 */
export async function operateAtMpgs(ctx: Ctx, gateway: GatewaySetting, input: OperationInput): Promise<OperationResult> {
  const path = `/order/${segment(input.paymentReference)}/transaction/${segment(input.operationReference)}`;
  const earlier = await retrieveTransaction(gateway, input.paymentReference, input.operationReference);
  if (earlier) return operationResult(input.kind, earlier);
  const request = await requestOf(ctx, gateway, input);
  if (typeof request === "string") return failed(request);
  try {
    return operationResult(input.kind, await callMpgs(gateway, `${input.kind} ${input.operationReference}`, "PUT", path, request));
  } catch (error) {
    if (!(error instanceof MpgsRefusal)) throw error;
    const after = await retrieveTransaction(gateway, input.paymentReference, input.operationReference);
    return after ? operationResult(input.kind, after) : failed(error.message, { error: error.body.error ?? null });
  }
}

/** An operation found again by its reference (the transaction id it was sent as); null when MPGS never received it. */
export async function inquireMpgsOperation(ctx: Ctx, gateway: GatewaySetting, reference: string): Promise<OperationResult | null> {
  const operation = await findOperationByReference(ctx.db, reference);
  if (!operation) return null;
  const transaction = await retrieveTransaction(gateway, operation.payment_reference, reference);
  return transaction ? operationResult(operation.kind as MoneyOperation, transaction) : null;
}
