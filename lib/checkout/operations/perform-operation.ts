import { findMoneyTarget, findOperationByKey, storeOperationAnswer } from "@/db/queries/operations";
import { requireAction, type Caller } from "@/lib/access/auth/permissions";
import { canMoveMoneyOf } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { Conflict, NotFound } from "@/lib/core/errors";
import { callerScope, requestFingerprint } from "@/lib/checkout/idempotency/idempotency-key";
import { isUniqueViolation } from "@/lib/core/unique-violation";
import { countOperation } from "@/lib/core/metrics/metrics";
import { withCachedConfig } from "@/lib/checkout/transactions/cached-checkout-config";
import { closeTransaction } from "./close-transaction";
import { deleteTransaction } from "./delete-transaction";
import { findTarget, NO_SUCH_TRANSACTION } from "./find-target-transaction";
import { claimAtOnce, moveMoney } from "./move-money";
import type { OperationAnswer } from "./operation-answer";
import type { Idempotency } from "./operation-origin";
import { readOperationRequest, type OperationRequest } from "./read-operation-request";

interface Input {
  caller: Caller;
  fields: Record<string, unknown>;
  /** The Tracking-Key (or Idempotency-Key) header. */
  idempotencyKey?: string;
}

/**
 * `POST /b/pbl/v2/operation/`: cancel, expire, delete, capture, refund or void one transaction, each recorded as
 * an operation. With an idempotency key, the same request again within 24 hours gets the first answer back
 * without touching the gateway again; the same key with another request is a conflict.
 */
export async function performOperation({ ctx, input }: { ctx: Ctx; input: Input }): Promise<OperationAnswer & { replayed: boolean }> {
  const request = readOperationRequest(input.fields);
  requireAction(input.caller, request.operation);
  const idempotency = input.idempotencyKey
    ? { caller: callerScope(input.caller), key: input.idempotencyKey, requestHash: requestFingerprint(input.fields, []) }
    : null;
  if (idempotency) {
    const replay = await replayOperation(ctx, input.caller, idempotency);
    if (replay) return replay;
  }
  try {
    const answer = await run(ctx, input.caller, request, idempotency).catch((error: unknown) => {
      countOperation(request.operation, "refused");
      throw error;
    });
    countOperation(request.operation, OUTCOMES[answer.status] ?? "failed");
    if (idempotency) await storeOperationAnswer(ctx.db, answer.operationId, answer.status, JSON.stringify(answer.body));
    return { status: answer.status, body: answer.body, replayed: false };
  } catch (error) {
    // Another request with the same key got there first.
    if (idempotency && isUniqueViolation(error, "operations_idempotency")) {
      const replay = await replayOperation(ctx, input.caller, idempotency);
      if (replay) return replay;
      throw new Conflict("A request with this Tracking-Key is still in progress; send it again in a moment.");
    }
    throw error;
  }
}

// An operation's answer as a metric's outcome: done, waiting for the gateway, or refused by it (400).
const OUTCOMES: Record<number, string> = { 200: "success", 202: "pending", 400: "failed" };

async function run(ctx: Ctx, caller: Caller, request: OperationRequest, idempotency: Idempotency | null) {
  const name = request.operation;
  if (name === "cancel" || name === "expire") return closeTransaction({ ctx, input: { caller, name, request, idempotency } });
  if (name === "delete") return deleteTransaction({ ctx, input: { caller, request, idempotency } });
  const claim = claimAtOnce(caller, name, request, idempotency);
  const { settled, claimed, txn } = await findTarget(ctx.db, caller, request.target, (db, id) => findMoneyTarget(db, id, claim));
  const view = await withCachedConfig(ctx, txn);
  return moveMoney({ ctx, input: { caller, kind: name, view, attempt: settled, claimed, amount: request.amount, extra: request.extra, idempotency } });
}

/**
 * The first answer given to this key, or null when the key is new (or its request is still running). A transaction
 * that is no longer the caller's (its gateways or the caller's changed since) is not found, as it would be without
 * the key: a replay never shows what the caller may not see now.
 */
async function replayOperation(ctx: Ctx, caller: Caller, idempotency: Idempotency): Promise<(OperationAnswer & { replayed: boolean }) | null> {
  const found = await findOperationByKey(ctx.db, idempotency.caller, idempotency.key);
  if (!found) return null;
  if (!found.request_hash?.equals(idempotency.requestHash)) {
    throw new Conflict("This Tracking-Key was already used with a different request body.");
  }
  if (found.response === null || found.status_code === null) return null;
  if (!canMoveMoneyOf(caller, found.pg_codes, found.taken_by)) throw new NotFound(NO_SUCH_TRANSACTION);
  return { status: found.status_code, body: JSON.parse(found.response) as Record<string, unknown>, replayed: true };
}
