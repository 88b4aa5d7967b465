import { findAttemptByReference } from "@/db/queries/payments";
import type { GatewaySetting } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import { logger } from "@/lib/core/log/logger";
import type { GatewayResult } from "@/lib/gateways/adapter";
import { sameAmount } from "./mpgs-amounts";
import { callMpgs, type MpgsBody, MpgsRefusal, segment } from "./mpgs-client";
import { type Finality, mpgsResult } from "./mpgs-result";

const KEPT = ["order_id", "checkout_session", "success_indicator_sha256"];

/** An order (Retrieve Order), or null when MPGS has none by that id: it refuses the request as invalid. */
export async function retrieveMpgsOrder(gateway: GatewaySetting, orderId: string): Promise<MpgsBody | null> {
  try {
    return await callMpgs(gateway, "looking up a payment", "GET", `/order/${segment(orderId)}`);
  } catch (error) {
    if (error instanceof MpgsRefusal) return null;
    throw error;
  }
}

const stillOpen = (message: string, gatewayResponse: Record<string, unknown>): GatewayResult => ({ outcome: "pending", message, gatewayResponse, card: null, savedCardToken: null });

/**
 * The payment's result, from retrieving its order at MPGS: never from a return or a notification alone. An order
 * whose amount or currency is not the attempt's settles nothing: it stays pending, with a warning in the log.
 */
export async function inquireMpgs(ctx: Ctx, gateway: GatewaySetting, reference: string, finality: Finality): Promise<GatewayResult> {
  const attempt = await findAttemptByReference(ctx.db, reference);
  if (!attempt) return stillOpen("No such payment attempt.", {});
  const kept = Object.fromEntries(KEPT.map((name) => [name, attempt.gateway_response?.[name] ?? null]));
  const order = await retrieveMpgsOrder(gateway, reference);
  if (order && (order.currency !== attempt.currency_code || !sameAmount(order.amount, attempt.amount))) {
    logger.warn({ reference, gateway: gateway.code, theirs: `${order.amount} ${order.currency}`, ours: `${attempt.amount} ${attempt.currency_code}` }, "MPGS order amount differs from the attempt's; nothing settled");
    return stillOpen("The MPGS order's amount or currency is not this payment's.", { ...kept, order_status: order.status ?? null, amount: order.amount ?? null, currency: order.currency ?? null });
  }
  return mpgsResult(order, kept, finality);
}
