import { findTransactionView, type TransactionView } from "@/db/queries/transactions";
import type { Caller } from "@/lib/access/auth/permissions";
import { canSeeTransaction } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { SESSION_ID } from "./get-transaction";

/**
 * The live transaction `sessionId` names, when it is the caller's (every gateway it names is one the caller may
 * use); locked when `forUpdate`. A deleted one, or another scope's, throws the very NotFound an unknown id does
 * (same status, same body, one lookup either way), so a scoped caller cannot tell them apart. Callers check this
 * before they read or validate the request's body.
 */
export async function findOwnTransaction(db: Ctx["db"], caller: Caller, sessionId: string, forUpdate = false): Promise<TransactionView> {
  const view = SESSION_ID.test(sessionId) ? await findTransactionView(db, sessionId, forUpdate) : undefined;
  if (!view || view.txn.deleted_at || !canSeeTransaction(caller, view.txn.pg_codes)) throw new NotFound();
  return view;
}
