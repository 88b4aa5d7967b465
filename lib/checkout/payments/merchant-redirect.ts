import type { TransactionRow } from "@/db/queries/transactions";
import { RETURNS_TO_MERCHANT } from "@/lib/checkout/lifecycle/verbs";

/** What the return query is made of. */
export type ReturnQueryFacts = Pick<TransactionRow, "extra" | "order_no" | "interface" | "session_id">;

/**
 * `target` with the transaction's return query: the `extra` keys, order_no, reference_number and session_id (a
 * legacy transaction's: exactly order_no, reference_number and the `extra` keys, as the legacy interface names
 * them), then `more` (the way back's `result`). The one builder of every address that takes the customer to the
 * merchant.
 */
export function withReturnQuery(target: string, txn: ReturnQueryFacts, referenceNumber: string | null, more: Record<string, string> = {}): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(txn.extra)) {
    url.searchParams.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  if (txn.order_no) url.searchParams.set("order_no", txn.order_no);
  if (referenceNumber) url.searchParams.set("reference_number", referenceNumber);
  if (txn.interface === "checkout") url.searchParams.set("session_id", txn.session_id);
  for (const [key, value] of Object.entries(more)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * The merchant's redirect_url (or the admin default) with the return query; null when there is none or the
 * payment is not finished.
 */
export function merchantRedirectUrl(
  txn: Pick<TransactionRow, "redirect_url" | "state"> & ReturnQueryFacts,
  defaultRedirectUrl: string | null,
  referenceNumber: string | null,
): string | null {
  const target = txn.redirect_url ?? defaultRedirectUrl;
  if (!target || !RETURNS_TO_MERCHANT.includes(txn.state)) return null;
  return withReturnQuery(target, txn, referenceNumber);
}
