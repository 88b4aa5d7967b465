import type { TransactionRow } from "@/db/queries/transactions";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import { isPastDeadline } from "@/lib/core/time/payment-deadline";

const PAID = ["paid", "authorized", "captured", "refunded", "voided"];

/** Why the customer can no longer pay a transaction, in their words; null while they can. */
export function unpayableMessage(txn: Pick<TransactionRow, "state" | "expires_at">): string | null {
  if (txn.state === "expired" || (PAYABLE.includes(txn.state) && isPastDeadline(txn))) return "This payment link has expired.";
  if (PAYABLE.includes(txn.state)) return null;
  if (PAID.includes(txn.state)) return `This transaction is already ${txn.state}: there is nothing left to pay.`;
  return `This transaction is ${txn.state}: it can no longer be paid.`;
}
