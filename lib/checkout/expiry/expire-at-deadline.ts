import { insertEvent, moveTransaction } from "@/db/queries/payments";
import type { TransactionRow } from "@/db/queries/transactions";
import type { Ctx } from "@/lib/core/context";
import { releaseAttemptsAtDeadline } from "@/lib/checkout/payments/release-unfinished-attempts";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";

/**
 * A payable transaction past its deadline becomes expired, inside the caller's database transaction with its row
 * locked: a payment still open at the gateway is stopped there first (a sandbox card page, a Stripe Checkout
 * Session), and one that cannot be stopped stays pending, its success given back if it comes. One event records
 * the move; its webhook and notifications follow. False when the transaction was not payable.
 */
export async function expireAtDeadline(tx: Ctx, txn: Pick<TransactionRow, "session_id" | "state">, cause: string): Promise<boolean> {
  if (!PAYABLE.includes(txn.state)) return false;
  const stillAtGateway = await releaseAttemptsAtDeadline(tx, txn);
  if (!(await moveTransaction(tx.db, txn.session_id, PAYABLE, "expired"))) return false;
  await insertEvent(tx.db, {
    sessionId: txn.session_id,
    kind: "state_changed",
    from: txn.state,
    to: "expired",
    cause,
    ...(stillAtGateway > 0 ? { data: { attempts_left_pending: stillAtGateway } } : {}),
  });
  return true;
}
