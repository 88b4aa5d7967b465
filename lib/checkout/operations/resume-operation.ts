import { cachedGatewaySetting } from "@/lib/gateways/cached-gateway-setting";
import { findOperation, settleMoneyOperation } from "@/db/queries/operations";
import { findAttempt } from "@/db/queries/webhooks";
import type { MoneyOperation, OperationState } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import { adapterFor } from "@/lib/gateways/adapters";
import { logger } from "@/lib/core/log/logger";
import { trimFraction } from "@/lib/core/money/decimal";

/**
 * Finishes a money operation still pending: asks its gateway about it (sending it first when the gateway never
 * got it, as for a duplicate payment's give-back) and applies a final answer once. `settle` lets the gateway
 * finish one it left unanswered (inquiry). Returns the operation's state afterwards.
 */
export async function resumeOperation({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { operationId: string; settle: boolean; cause: string };
}): Promise<OperationState | null> {
  const operation = await findOperation(ctx.db, input.operationId);
  if (!operation || operation.state !== "pending") return operation?.state ?? null;
  const attempt = operation.attempt_id ? await findAttempt(ctx.db, operation.attempt_id) : undefined;
  const gateway = attempt ? await cachedGatewaySetting(ctx.db, attempt.gateway_code) : undefined;
  const adapter = gateway ? adapterFor(gateway.pg) : null;
  if (!attempt || !gateway || !adapter) return "pending";

  const reference = operation.reference_number!;
  const result =
    (await adapter.inquireOperation(ctx, gateway, reference, { settle: input.settle })) ??
    (await adapter.operate(ctx, gateway, {
      kind: operation.kind as MoneyOperation,
      paymentReference: attempt.reference_number,
      operationReference: reference,
      amount: trimFraction(operation.amount!),
      currencyCode: attempt.currency_code,
    }));
  if (result.outcome === "pending") return "pending";
  const settled = await settleMoneyOperation(
    ctx.db,
    operation.id,
    { state: result.outcome, gatewayResponse: result.gatewayResponse, message: result.message },
    input.cause,
  );
  if (settled && operation.cause === "duplicate") {
    logger.warn(
      { sessionId: operation.session_id, reference: attempt.reference_number, operation: operation.kind, result: result.outcome },
      "duplicate payment given back",
    );
  }
  return result.outcome;
}
