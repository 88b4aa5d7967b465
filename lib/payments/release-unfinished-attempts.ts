import { findGatewaySettingByCode } from "@/db/queries/gateway-settings";
import { insertEvent, listPendingAttempts, settleAttempt } from "@/db/queries/payments";
import type { TransactionRow } from "@/db/queries/transactions";
import type { Ctx } from "@/lib/context";
import { adapterFor } from "@/lib/gateways/adapters";

/** Why the attempts are released: a newer attempt (the default), or the merchant closing the transaction. */
const REASONS = {
  newer_attempt: "Replaced by a newer payment attempt",
  closed: "The transaction was canceled or expired by the merchant",
} as const;

/**
 * One payment at a time: before a new attempt starts (or the merchant cancels or expires the transaction), every
 * earlier attempt still waiting for its result is released at its gateway (it can no longer be charged) and
 * marked `superseded`. Runs inside the caller's
 * database transaction, with the transaction row locked. False when an earlier attempt cannot be released
 * (its card is already with the bank): then no new attempt may start until that one has its answer.
 */
export async function releaseUnfinishedAttempts(
  tx: Ctx,
  txn: TransactionRow,
  reason: keyof typeof REASONS = "newer_attempt",
): Promise<boolean> {
  for (const attempt of await listPendingAttempts(tx.db, txn.session_id)) {
    const gateway = await findGatewaySettingByCode(tx.db, attempt.gateway_code);
    const adapter = adapterFor(attempt.pg);
    if (!gateway || !adapter || (await adapter.releasePayment(tx, gateway, attempt.reference_number)) !== "released") return false;
    await settleAttempt(tx.db, attempt.id, { state: "superseded", message: REASONS[reason] });
    await insertEvent(tx.db, {
      sessionId: txn.session_id,
      kind: "attempt_superseded",
      from: txn.state,
      to: txn.state,
      cause: reason,
      attemptId: attempt.id,
      data: { reference_number: attempt.reference_number },
    });
  }
  return true;
}
