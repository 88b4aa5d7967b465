import { insertFinishedOperation, markDeleted } from "@/db/queries/operations";
import { insertEvent, moveTransaction } from "@/db/queries/payments";
import type { Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { Conflict } from "@/lib/core/errors";
import { AWAITING_PAYMENT, FROM_STATES, HOLDS_MONEY } from "@/lib/checkout/lifecycle/verbs";
import { findTargetTransaction } from "./find-target-transaction";
import { operationOrigin, type Idempotency } from "./operation-origin";
import { stateAnswer, type OperationAnswer } from "./operation-answer";
import { notAllowedMessage } from "./operation-rules";
import type { OperationRequest } from "./read-operation-request";

/**
 * Hides a transaction: the API and the payment page answer as if it did not exist, while the record, its events
 * and its money history stay. A link nobody has paid yet is canceled on the way, so it can never be paid; one
 * holding the customer's money must be refunded or voided first.
 */
export async function deleteTransaction({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: Caller; request: OperationRequest; idempotency: Idempotency | null };
}): Promise<OperationAnswer & { operationId: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const { txn } = await findTargetTransaction(trx, input.caller, input.request.target, true);
    if (!FROM_STATES.delete.includes(txn.state)) {
      const why = HOLDS_MONEY.includes(txn.state) ? " Refund or void the payment before deleting it." : "";
      throw new Conflict(notAllowedMessage("delete", txn.state) + why);
    }
    const to = AWAITING_PAYMENT.includes(txn.state) ? "canceled" : txn.state;
    if (to !== txn.state) await moveTransaction(trx, txn.session_id, [txn.state], to);
    await markDeleted(trx, txn.session_id);
    const operation = await insertFinishedOperation(trx, {
      session_id: txn.session_id,
      kind: "delete",
      ...operationOrigin(input.caller, input.request.extra, input.idempotency),
    });
    // Deleting tells nobody: no webhook and no notification follow this event.
    await insertEvent(trx, { sessionId: txn.session_id, kind: "deleted", from: txn.state, to, cause: "api", operationId: operation.id, data: { operation: "delete" } });
    return { ...stateAnswer("delete", txn.session_id, to), operationId: operation.id };
  });
}
