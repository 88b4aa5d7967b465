import { findSessionIdByOrderNo, findTransactionView, type TransactionView } from "@/db/queries/transactions";
import type { Caller } from "@/lib/access/auth/permissions";
import { canSeeTransaction } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";
import type { OperationRequest } from "./read-operation-request";

/** The answer to an unknown transaction, and to one that is not the caller's: the same words. */
export const NO_SUCH_TRANSACTION = "No such transaction.";

/**
 * The transaction an operation or inquiry names, by session id or by order number (the newest with it); locked
 * when `forUpdate`. A deleted one, or one naming any gateway a Basic-auth user may not use, is not found, exactly as
 * an unknown one.
 */
export function findTargetTransaction(
  db: Ctx["db"],
  caller: Caller,
  target: OperationRequest["target"],
  forUpdate = false,
): Promise<TransactionView> {
  return findTarget(db, caller, target, (d, sessionId) => findTransactionView(d, sessionId, forUpdate));
}

/** As findTargetTransaction, read by `load` (a view with more in it). */
export async function findTarget<V extends Pick<TransactionView, "txn">>(
  db: Ctx["db"],
  caller: Caller,
  target: OperationRequest["target"],
  load: (db: Ctx["db"], sessionId: string) => Promise<V | undefined>,
): Promise<V> {
  const sessionId = "session_id" in target ? target.session_id : await findSessionIdByOrderNo(db, target.order_no);
  return visibleTarget(caller, sessionId && SESSION_ID.test(sessionId) ? await load(db, sessionId) : undefined);
}

/** The transaction read for an operation, unless it is deleted or not the caller's (not found, as an unknown one). */
export function visibleTarget<V extends Pick<TransactionView, "txn">>(caller: Caller, view: V | undefined): V {
  if (!view || view.txn.deleted_at || !canSeeTransaction(caller, view.txn.pg_codes)) {
    throw new NotFound(NO_SUCH_TRANSACTION);
  }
  return view;
}
