import type { Db } from "@/db/client";
import { enqueueJob, jobSpec } from "@/db/queries/jobs";
import { insertDuplicateOperation } from "@/db/queries/operations";
import type { GatewayOperation, PaymentAttempt } from "@/db/types";
import { logger } from "@/lib/core/log/logger";
import { newOperationReference } from "./move-money";

/**
 * A second payment of a transaction already settled is given back: a refund (or, for an authorization, a void)
 * of that attempt's whole amount, recorded with the duplicate and sent to the gateway by a job right after,
 * inside the caller's database transaction so that neither is lost.
 */
export async function queueGiveBack(db: Db, attempt: PaymentAttempt, operation: GatewayOperation): Promise<void> {
  const giveBack = await insertDuplicateOperation(db, {
    session_id: attempt.session_id,
    kind: operation === "authorize" ? "void" : "refund",
    amount: attempt.amount,
    attempt_id: attempt.id,
    reference_number: newOperationReference(),
  });
  await enqueueJob(db, jobSpec("settle-operation", giveBack.id));
  logger.warn({ sessionId: attempt.session_id, reference: attempt.reference_number }, "duplicate payment: giving it back");
}
