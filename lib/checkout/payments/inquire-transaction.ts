import { listPendingOperations } from "@/db/queries/operations";
import { listPendingAttempts } from "@/db/queries/payments";
import { findTransactionView } from "@/db/queries/transactions";
import { requireAction, type Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { findTargetTransaction } from "@/lib/checkout/operations/find-target-transaction";
import { readTarget } from "@/lib/checkout/operations/read-operation-request";
import { resumeOperation } from "@/lib/checkout/operations/resume-operation";
import { representTransaction } from "@/lib/checkout/transactions/represent-transaction";
import { inquirePayment } from "./inquire-payment";

/**
 * `POST /b/pbl/v2/inquiry/`: asks the gateway about the transaction's attempts and operations still waiting for
 * an answer (the sandbox's "no answer" cards), settles them through the same code as a gateway callback, and
 * returns the transaction. A Basic-auth user finds only transactions on gateways they may use.
 */
export async function inquireTransaction({ ctx, input }: { ctx: Ctx; input: { caller: Caller; fields: Record<string, unknown> } }) {
  requireAction(input.caller, "inquiry");
  const errors: FieldErrors = {};
  const target = readTarget(input.fields, errors);
  if (!target || Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  const view = await findTargetTransaction(ctx.db, input.caller, target);
  const sessionId = view.txn.session_id;

  const attempts = await listPendingAttempts(ctx.db, sessionId);
  for (const attempt of attempts) {
    await inquirePayment({ ctx, input: { referenceNumber: attempt.reference_number } });
  }
  const operations = await listPendingOperations(ctx.db, { sessionId });
  for (const operation of operations) {
    await resumeOperation({ ctx, input: { operationId: operation.id, settle: true, cause: "inquiry" } });
  }
  // Nothing was waiting: this request changed nothing, and the transaction is answered as first read.
  if (attempts.length === 0 && operations.length === 0) return representTransaction(view);
  return representTransaction((await findTransactionView(ctx.db, sessionId))!);
}
