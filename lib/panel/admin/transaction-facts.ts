import { formatAmount } from "@/lib/core/money/decimal";
import { creatorWords } from "./actor-words";
import type { TransactionDetail } from "./load-transaction-detail";
import { paidWithFee } from "./paid-with-fee";
import { settledAttempt } from "./settled-attempt";

type Detail = Pick<TransactionDetail, "txn" | "decimals" | "attempts" | "gateways" | "created_by_api_key" | "created_by_user">;

/** Money of the transaction as the panel writes it: "KWD 86.000". */
export const moneyOf =
  (detail: Pick<Detail, "txn" | "decimals">) =>
  (value: string): string =>
    `${detail.txn.currency_code} ${formatAmount(value, detail.decimals)}`;

/** A gateway setting by its name, with its code (what merchants pass in pg_codes): "Sandbox card (card)". */
export function gatewayWords(detail: Pick<Detail, "gateways">, code: string): string {
  const name = detail.gateways.find((g) => g.code === code)?.name;
  return name && name !== code ? `${name} (${code})` : code;
}

/** A card as "Visa •••• 1111", whatever form the gateway masked it in; null without one. */
export function cardWords(a: { card_brand: string | null; card_masked: string | null }): string | null {
  const last4 = a.card_masked?.replace(/\D/g, "").slice(-4);
  if (!last4) return null;
  const brand = a.card_brand ? a.card_brand.charAt(0).toUpperCase() + a.card_brand.slice(1) : "Card";
  return `${brand} •••• ${last4}`;
}

/** The view of the customer: `/admin/customers` by customer_id, or by e-mail when the merchant gave no id. */
export function customerHref(txn: { customer_id: string | null; customer_email: string | null }): string | null {
  if (txn.customer_id) return `/admin/customers?customer_id=${encodeURIComponent(txn.customer_id)}`;
  if (txn.customer_email) return `/admin/customers?email=${encodeURIComponent(txn.customer_email)}`;
  return null;
}

/**
 * What an operations team looks for first on a transaction, in words: the amount and what was charged, the
 * customer, the card, the gateway that took the payment (not the ones offered), the reference number the
 * customer quotes from the receipt, when it was created (and by whom) and paid.
 */
export function transactionFacts(detail: Detail) {
  const { txn } = detail;
  const money = moneyOf(detail);
  const paid = paidWithFee(detail);
  const settled = settledAttempt(detail.attempts);
  const name = [txn.customer_first_name, txn.customer_last_name].filter(Boolean).join(" ");
  const given = (v: string) => Number(v) > 0;
  return {
    title: txn.order_no ? `Order ${txn.order_no}` : "Transaction",
    amount: money(txn.amount),
    charged: paid ? `${money(paid.paid)} (${given(paid.fee) ? `fee ${money(paid.fee)}` : "no fee"})` : null,
    refunded: given(txn.refunded_amount) ? money(txn.refunded_amount) : null,
    captured: given(txn.captured_amount) ? money(txn.captured_amount) : null,
    voided: given(txn.voided_amount) ? money(txn.voided_amount) : null,
    customer:
      name || txn.customer_email || txn.customer_phone || txn.customer_id
        ? { name: name || null, id: txn.customer_id, email: txn.customer_email, phone: txn.customer_phone, href: customerHref(txn) }
        : null,
    method: settled ? cardWords(settled) : null,
    gateway: settled ? gatewayWords(detail, settled.gateway_code) : null,
    reference: settled?.reference_number ?? null,
    createdAt: txn.created_at,
    createdBy: creatorWords(detail),
    paidAt: settled?.completed_at ?? null,
  };
}

export type TransactionFacts = ReturnType<typeof transactionFacts>;
