import type { RowView, TransactionRow } from "@/db/queries/transactions";
import type { Operation, PaymentAttempt } from "@/db/types";
import { formatAmount } from "@/lib/core/money/decimal";
import { moneySummary } from "@/lib/checkout/operations/operation-answer";
import { signPayment } from "./payment-signature";

/** The entries that have a value (null, undefined and "" are left out). */
export const nonEmpty = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== ""));

/** The customer's contact and address fields, flat as payloads name them (empty ones to be left out by nonEmpty). */
export function customerFields(txn: TransactionRow): Record<string, string | null | undefined> {
  const address = txn.billing_address;
  return {
    customer_first_name: txn.customer_first_name,
    customer_last_name: txn.customer_last_name,
    customer_email: txn.customer_email,
    customer_phone: txn.customer_phone,
    customer_address_line1: address?.line1,
    customer_address_line2: address?.line2,
    customer_address_city: address?.city,
    customer_address_state: address?.state,
    customer_address_country: address?.country,
    customer_address_postal_code: address?.postal_code,
  };
}

/**
 * The payment payload sent to webhook_url for one event, signed by the interface's scheme. Built once when
 * the event is planned and stored, so every retry (and every resend after a crash) is byte-for-byte the same.
 */
export function buildWebhookPayload(input: {
  event: { event_id: string; kind: string; to_state: string | null; created_at: Date; data: Record<string, unknown> };
  result: string;
  view: RowView;
  attempt: PaymentAttempt | undefined;
  /** The operation the event is about (refund, capture, void, cancel, expire), if any. */
  operation?: Operation;
  hmacKey: string | null;
}): Record<string, unknown> {
  const { txn, decimals } = input.view;
  const { attempt } = input;
  const money = (v: string) => formatAmount(v, decimals);
  const gateway = attempt ? input.view.gateways.find((g) => g.code === attempt.gateway_code) : undefined;
  const payload: Record<string, unknown> = {
    event_id: input.event.event_id,
    session_id: txn.session_id,
    order_no: txn.order_no,
    reference_number: attempt?.reference_number ?? null,
    operation: txn.operation,
    state: input.event.to_state ?? txn.state,
    result: input.result,
    amount: money(txn.amount),
    currency_code: txn.currency_code,
    fee: attempt ? money(attempt.fee) : money("0"),
    amount_details: {
      amount: money(txn.amount),
      fee: attempt ? money(attempt.fee) : money("0"),
      total: attempt ? money(attempt.amount) : money(txn.amount),
      currency_code: txn.currency_code,
    },
    paid_amount: money(txn.paid_amount),
    // The customer's data as given: the flat fields the signature covers, then what it does not (issue 29).
    ...nonEmpty({
      customer_id: txn.customer_id,
      ...customerFields(txn),
      customer_phone_2: txn.customer_phone_2,
      customer_birthdate: txn.customer_birthdate,
      shipping_address: txn.shipping_address,
    }),
    gateway_name: attempt?.pg ?? null,
    gateway_account: attempt?.gateway_code ?? null,
    gateway_response: attempt?.gateway_response ?? null,
    message: attempt?.message ?? (input.result === "expired" ? "The payment time ran out." : null),
    timestamp_utc: input.event.created_at.toISOString(),
    extra: txn.extra,
    is_sandbox: gateway?.is_sandbox ?? false,
    payment_type: txn.payment_type,
    ...(txn.agreement ? { agreement: txn.agreement } : {}),
    ...(input.operation ? operationFields(input.operation, input.event.data, input.view) : {}),
  };
  return input.hmacKey ? { ...payload, signature: signPayment(input.hmacKey, payload) } : payload;
}

/**
 * An operation's webhook: its kind, amount and reference, and the transaction's money right after it (kept in
 * the event, since later operations may have moved it again by the time the payload is built).
 */
function operationFields(operation: Operation, data: Record<string, unknown>, view: RowView) {
  const { txn, decimals } = view;
  const at = (key: "paid_amount" | "captured_amount" | "refunded_amount" | "voided_amount") =>
    typeof data[key] === "string" ? (data[key] as string) : txn[key];
  const after = {
    state: txn.state,
    paid_amount: at("paid_amount"),
    captured_amount: at("captured_amount"),
    refunded_amount: at("refunded_amount"),
    voided_amount: at("voided_amount"),
  };
  return {
    operation: operation.kind,
    ...(operation.amount === null ? {} : { operation_amount: formatAmount(operation.amount, decimals) }),
    ...(operation.reference_number ? { reference_number: operation.reference_number } : {}),
    paid_amount: formatAmount(after.paid_amount, decimals),
    ...moneySummary(after, decimals),
  };
}
