import { countPaymentFinished } from "@/lib/core/metrics/metrics";
import { cachedGatewaySetting } from "@/lib/gateways/cached-gateway-setting";
import { findAttemptByReference } from "@/db/queries/payments";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { isFinal } from "@/lib/gateways/adapter";
import { adapterFor } from "@/lib/gateways/adapters";
import { applyGatewayResult } from "./apply-gateway-result";

/**
 * Asks the gateway about a pending attempt and settles it with the answer (the "no answer" case's remedy).
 * `settle` (the default) lets the gateway finish a payment still processing; the maintenance sweep only reads.
 */
export async function inquirePayment({ ctx, input }: { ctx: Ctx; input: { referenceNumber: string; settle?: boolean } }) {
  const attempt = await findAttemptByReference(ctx.db, input.referenceNumber);
  const gateway = attempt ? await cachedGatewaySetting(ctx.db, attempt.gateway_code) : undefined;
  const adapter = gateway ? adapterFor(gateway.pg) : null;
  if (!attempt || !gateway || !adapter) throw new NotFound(`No payment attempt ${input.referenceNumber}.`);
  if (attempt.state !== "pending") return { referenceNumber: attempt.reference_number, state: attempt.state, changed: false };
  const result = await adapter.inquire(ctx, gateway, attempt.reference_number, { settle: input.settle ?? true });
  if (!isFinal(result)) return { referenceNumber: attempt.reference_number, state: "pending", changed: false };
  const changed = await ctx.db.transaction().execute((trx) => applyGatewayResult(trx, attempt, result, "inquiry"));
  if (changed) countPaymentFinished(attempt.gateway_code, result.outcome);
  return { referenceNumber: attempt.reference_number, state: result.outcome, changed };
}
