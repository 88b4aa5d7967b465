import type { MoneyAfter } from "@/db/queries/operations";
import type { RowView } from "@/db/queries/transactions";
import type { MoneyOperation, Operation, PaymentAttempt } from "@/db/types";
import type { OperationResult } from "@/lib/gateways/adapter";
import { remainingUnits } from "@/lib/checkout/lifecycle/money";
import { formatAmount, formatUnits } from "@/lib/core/money/decimal";
import { signPayment } from "@/lib/checkout/result/payment-signature";

export interface OperationAnswer {
  status: number;
  body: Record<string, unknown>;
}

const PENDING_DETAIL = "The gateway has not answered yet; the operation completes by inquiry or callback, and its webhook follows.";

/** The transaction's money as operations report it (stored amounts have six places): what is still held from the customer remains. */
export function moneySummary(after: MoneyAfter, decimals: number) {
  const money = (v: string) => formatAmount(v, decimals);
  const remaining = formatUnits(remainingUnits(after, 6), 6);
  return {
    captured_amount: money(after.captured_amount),
    refunded_amount: money(after.refunded_amount),
    voided_amount: money(after.voided_amount),
    remaining_amount: money(remaining),
  };
}

/** 200 for cancel, expire and delete. */
export function stateAnswer(name: string, sessionId: string, state: string): OperationAnswer {
  return { status: 200, body: { detail: "Success", operation: name, result: "success", session_id: sessionId, state } };
}

/**
 * The answer to a refund, capture or void: 200 when done, 400 with the gateway's message when refused, 202 while
 * the gateway has not answered. Signed with the webhook scheme when a webhook HMAC key is set.
 */
export function moneyAnswer(input: {
  kind: MoneyOperation;
  operation: Pick<Operation, "amount" | "reference_number">;
  result: OperationResult;
  view: RowView;
  attempt: PaymentAttempt;
  after: MoneyAfter;
  at: Date;
  hmacKey: string | null;
}): OperationAnswer {
  const { txn, decimals } = input.view;
  const { outcome } = input.result;
  const gateway = input.view.gateways.find((g) => g.code === input.attempt.gateway_code);
  const body: Record<string, unknown> = {
    detail: outcome === "success" ? "Success" : outcome === "pending" ? PENDING_DETAIL : (input.result.message ?? "The gateway refused the operation."),
    operation: input.kind,
    result: outcome,
    success: outcome === "success",
    amount: formatAmount(input.operation.amount!, decimals),
    currency_code: txn.currency_code,
    session_id: txn.session_id,
    order_no: txn.order_no,
    reference_number: input.operation.reference_number,
    pg_code: input.attempt.gateway_code,
    pg_response: input.result.gatewayResponse,
    is_sandbox: gateway?.is_sandbox ?? false,
    timestamp_utc: input.at.toISOString(),
    txn: {
      session_id: txn.session_id,
      state: input.after.state,
      amount: formatAmount(txn.amount, decimals),
      currency_code: txn.currency_code,
      order_no: txn.order_no,
      ...moneySummary(input.after, decimals),
    },
  };
  if (input.hmacKey) body.signature = signPayment(input.hmacKey, body);
  return { status: outcome === "success" ? 200 : outcome === "pending" ? 202 : 400, body };
}
