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
  const { txn } = await findTargetTransaction(ctx.db, input.caller, target);

  for (const attempt of await listPendingAttempts(ctx.db, txn.session_id)) {
    await inquirePayment({ ctx, input: { referenceNumber: attempt.reference_number } });
  }
  for (const operation of await listPendingOperations(ctx.db, { sessionId: txn.session_id })) {
    await resumeOperation({ ctx, input: { operationId: operation.id, settle: true, cause: "inquiry" } });
  }
  return representTransaction((await findTransactionView(ctx.db, txn.session_id))!);
}
