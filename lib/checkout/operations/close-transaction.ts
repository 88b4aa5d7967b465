import { insertFinishedOperation } from "@/db/queries/operations";
import { insertEvent, moveTransaction } from "@/db/queries/payments";
import type { Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { Conflict } from "@/lib/core/errors";
import { releaseUnfinishedAttempts } from "@/lib/checkout/payments/release-unfinished-attempts";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import { findTargetTransaction } from "./find-target-transaction";
import { operationOrigin, type Idempotency } from "./operation-origin";
import { stateAnswer, type OperationAnswer } from "./operation-answer";
import { notAllowedMessage } from "./operation-rules";
import type { OperationRequest } from "./read-operation-request";

const RESULTS = { cancel: "canceled", expire: "expired" } as const;

/**
 * Cancel or expire a transaction the customer has not paid: it can no longer be paid (an attempt still at its
 * gateway is released; one that succeeds anyway is a duplicate, given back automatically). One event records
 * it, and its webhook and notifications follow.
 */
export async function closeTransaction({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: Caller; name: "cancel" | "expire"; request: OperationRequest; idempotency: Idempotency | null };
}): Promise<OperationAnswer & { operationId: string }> {
  const to = RESULTS[input.name];
  return ctx.db.transaction().execute(async (trx) => {
    const { txn } = await findTargetTransaction(trx, input.caller, input.request.target, true);
    if (!PAYABLE.includes(txn.state)) throw new Conflict(notAllowedMessage(input.name, txn.state));
    await releaseUnfinishedAttempts({ ...ctx, db: trx }, txn, "closed");
    await moveTransaction(trx, txn.session_id, PAYABLE, to);
    const operation = await insertFinishedOperation(trx, {
      session_id: txn.session_id,
      kind: input.name,
      ...operationOrigin(input.caller, input.request.extra, input.idempotency),
    });
    await insertEvent(trx, {
      sessionId: txn.session_id,
      kind: "state_changed",
      from: txn.state,
      to,
      cause: "api",
      operationId: operation.id,
      data: { operation: input.name, result: to },
    });
    return { ...stateAnswer(input.name, txn.session_id, to), operationId: operation.id };
  });
}
