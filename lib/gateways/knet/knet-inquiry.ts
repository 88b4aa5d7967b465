import { findAttemptByReference } from "@/db/queries/payments";
import type { GatewaySetting } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import type { GatewayResult } from "@/lib/gateways/adapter";
import { formatAmount } from "@/lib/core/money/decimal";
import { knetCredentials, knetHost } from "./knet-setting";
import { knetResult } from "./payment-result";
import { askKnet } from "./transaction-service";

const stillOpen = (message: string, gatewayResponse: Record<string, unknown>): GatewayResult => ({
  outcome: "pending",
  message,
  gatewayResponse,
  card: null,
  savedCardToken: null,
});

/**
 * KNET's word on an attempt, from its transaction service (action 8, by our track id). An answer without a result
 * (KNET has processed nothing under this track id yet, or the customer is still on its page) leaves the attempt
 * pending: KNET cannot tell "never started" from "not finished", and only a result word is final.
 */
export async function inquireKnet(ctx: Ctx, gateway: GatewaySetting, reference: string): Promise<GatewayResult> {
  const attempt = await findAttemptByReference(ctx.db, reference);
  if (!attempt) return stillOpen("No such payment attempt.", {});
  const fields = await askKnet(knetHost(gateway), knetCredentials(gateway), {
    action: "8",
    amount: formatAmount(attempt.amount, 3),
    trackId: reference,
  });
  if (fields.result && (fields.trackid ?? reference) === reference) return knetResult(fields);
  const text = fields.error_text || "KNET has no result for this payment yet.";
  return stillOpen(text, { result: "PENDING", error_code_tag: fields.error_code_tag ?? null, error_text: fields.error_text ?? null, trackid: reference });
}
