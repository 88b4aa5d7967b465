import type { TransactionRow } from "@/db/queries/transactions";

/**
 * Where a transaction's results are delivered: a legacy transaction's disclosure_url (its only results
 * endpoint), any other's webhook_url; null when there is none.
 */
export const resultTarget = (txn: TransactionRow): string | null => (txn.interface === "legacy" ? txn.disclosure_url : txn.webhook_url);
