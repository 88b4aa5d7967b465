import type { TransactionDetail } from "./load-transaction-detail";
import { settledAttempt } from "./settled-attempt";

/**
 * What the customer paid (paid_amount: the order amount plus the method's fee) and the fee of the attempt that
 * settled it, for the panel's transaction page; null while nothing is paid.
 */
export function paidWithFee(detail: Pick<TransactionDetail, "txn" | "attempts">): { paid: string; fee: string } | null {
  if (Number(detail.txn.paid_amount) <= 0) return null;
  const settling = settledAttempt(detail.attempts);
  return { paid: detail.txn.paid_amount, fee: settling?.fee ?? "0" };
}
