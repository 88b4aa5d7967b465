import type { TransactionRow } from "@/db/queries/transactions";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import { type ReturnQueryFacts, withReturnQuery } from "./merchant-redirect";

/** The `result` the way back tells the merchant's page: the webhook's words for a payment that did not go through. */
export type BackResult = "canceled" | "failed" | "error" | "expired";

const FINISHED: Partial<Record<string, BackResult>> = { canceled: "canceled", failed: "failed", error: "error", expired: "expired" };

/**
 * Where the customer stands when leaving without paying: past the deadline `expired`; a payable transaction whose
 * last card was declined `failed`, otherwise `canceled` (nothing tried, left the card page, canceled); a finished
 * one by its state. Null once it succeeded (paid, authorized, and what follows them): that way back is the
 * redirect after the payment, which waits for the webhook's answer.
 */
export function backResultOf(txn: Pick<TransactionRow, "state" | "expires_at">, latestAttemptState: string | null): BackResult | null {
  if (PAYABLE.includes(txn.state)) {
    if (txn.expires_at.getTime() <= Date.now()) return "expired";
    return latestAttemptState === "declined" ? "failed" : "canceled";
  }
  return FINISHED[txn.state] ?? null;
}

/**
 * "Back to {merchant}": the transaction's redirect_url, else the settings' default redirect URL, else the merchant's
 * website, with the return query and `result`. Following it changes nothing: a payable transaction stays payable
 * until it expires. Null when the payment succeeded or there is nowhere to go (the pages then show no button).
 */
export function backToMerchantUrl(
  txn: Pick<TransactionRow, "state" | "expires_at" | "redirect_url"> & ReturnQueryFacts,
  targets: { defaultRedirectUrl: string | null; websiteUrl: string | null },
  latestAttempt: { referenceNumber: string; state: string } | null,
): string | null {
  const result = backResultOf(txn, latestAttempt?.state ?? null);
  const target = txn.redirect_url ?? targets.defaultRedirectUrl ?? targets.websiteUrl;
  if (!result || !target) return null;
  return withReturnQuery(target, txn, latestAttempt?.referenceNumber ?? null, { result });
}
