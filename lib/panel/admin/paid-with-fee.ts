import type { TransactionDetail } from "./load-transaction-detail";

/**
 * What the customer paid (paid_amount: the order amount plus the method's fee) and the fee of the attempt that
 * settled it, for the panel's transaction page; null while nothing is paid.
 */
export function paidWithFee(detail: Pick<TransactionDetail, "txn" | "attempts">): { paid: string; fee: string } | null {
  if (Number(detail.txn.paid_amount) <= 0) return null;
  const settling = detail.attempts.find((a) => a.state === "success" && !a.is_duplicate);
  return { paid: detail.txn.paid_amount, fee: settling?.fee ?? "0" };
}
