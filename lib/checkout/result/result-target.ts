import type { TransactionRow } from "@/db/queries/transactions";

/**
 * Where a transaction's results are delivered: a legacy transaction's disclosure_url (its only results
 * endpoint), any other's webhook_url; null when there is none.
 */
export const resultTarget = (txn: Pick<TransactionRow, "interface" | "webhook_url" | "disclosure_url">): string | null => (txn.interface === "legacy" ? txn.disclosure_url : txn.webhook_url);

/**
 * Whether an event of the transaction may cause anything: a delivery to its results endpoint, or a message its
 * notifications ask for (lib/jobs/plan-event-effects.ts). Without either, the event's job would find nothing to do.
 */
export const eventsHaveEffects = (txn: TransactionRow): boolean =>
  resultTarget(txn) !== null || Object.values(txn.notifications ?? {}).some((events) => (events ?? []).length > 0);
