import type Stripe from "stripe";
import { findOperationByReference } from "@/db/queries/operation-by-reference";
import { findAttemptByReference } from "@/db/queries/payments";
import type { GatewaySetting } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import type { OperationInput, OperationResult } from "@/lib/gateways/adapter";
import { inexactAmountMessage, stripeAmount } from "./stripe-amounts";
import { callStripe, isStripeRefusal, stripeFor } from "./stripe-client";

const failed = (message: string, gatewayResponse: Record<string, unknown> = {}): OperationResult => ({ outcome: "failed", message, gatewayResponse });

const intentIdOf = (gatewayResponse: Record<string, unknown> | null | undefined) =>
  typeof gatewayResponse?.payment_intent === "string" ? gatewayResponse.payment_intent : null;

function refundResult(refund: Stripe.Refund): OperationResult {
  const outcome = refund.status === "succeeded" ? "success" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
  return {
    outcome,
    message: outcome === "failed" ? `Stripe could not refund: ${refund.failure_reason ?? refund.status}.` : null,
    gatewayResponse: { refund: refund.id, status: refund.status, payment_intent: intentIdOf({ payment_intent: refund.payment_intent }), amount: refund.amount },
  };
}

/** A capture or void as the PaymentIntent shows it afterwards. */
function intentResult(kind: "capture" | "void", intent: Stripe.PaymentIntent): OperationResult {
  const done = kind === "capture" ? intent.status === "succeeded" : intent.status === "canceled";
  const gatewayResponse = { payment_intent: intent.id, status: intent.status, amount_received: intent.amount_received };
  if (done) return { outcome: "success", message: null, gatewayResponse };
  return intent.status === "processing" ? { outcome: "pending", message: null, gatewayResponse } : failed(`The Stripe payment is ${intent.status}.`, gatewayResponse);
}

/**
 * Refund (a Refund with our operation reference in its metadata), capture (of the held amount, or part of it) or
 * void (cancel) of the PaymentIntent that paid. The operation's reference is the idempotency key: sending it again
 * does it once. Stripe's refusals fail the operation with its message; no answer leaves it pending (it throws).
 */
export async function operateAtStripe(ctx: Ctx, gateway: GatewaySetting, input: OperationInput): Promise<OperationResult> {
  const intentId = intentIdOf((await findAttemptByReference(ctx.db, input.paymentReference))?.gateway_response);
  if (!intentId) return failed("No Stripe payment is recorded for this transaction.");
  const amount = stripeAmount(input.amount, input.currencyCode);
  if (amount === null) return failed(inexactAmountMessage(input.amount, input.currencyCode));
  const stripe = stripeFor(gateway);
  const options = { idempotencyKey: input.operationReference };
  const metadata = { operation_reference: input.operationReference };
  try {
    if (input.kind === "refund") {
      return refundResult(await callStripe(gateway, "refunding", () => stripe.refunds.create({ payment_intent: intentId, amount, metadata }, options)));
    }
    if (input.kind === "capture") {
      return intentResult("capture", await callStripe(gateway, "capturing", () => stripe.paymentIntents.capture(intentId, { amount_to_capture: amount, metadata }, options)));
    }
    return intentResult("void", await callStripe(gateway, "voiding", () => stripe.paymentIntents.cancel(intentId, {}, options)));
  } catch (error) {
    if (isStripeRefusal(error)) return failed(error.message, { error_code: error.code ?? null });
    throw error;
  }
}

/**
 * An operation found again by its reference: the refund carrying it in its metadata, or for a capture or void the
 * PaymentIntent's state (an authorization is captured or voided once). Null when Stripe never received it.
 */
export async function inquireStripeOperation(ctx: Ctx, gateway: GatewaySetting, reference: string): Promise<OperationResult | null> {
  const operation = await findOperationByReference(ctx.db, reference);
  const intentId = intentIdOf(operation?.gateway_response);
  if (!operation || !intentId) return null;
  const stripe = stripeFor(gateway);
  if (operation.kind === "refund") {
    const refunds = await callStripe(gateway, "looking up a refund", () => stripe.refunds.list({ payment_intent: intentId, limit: 100 }));
    const refund = refunds.data.find((r) => r.metadata?.operation_reference === reference);
    return refund ? refundResult(refund) : null;
  }
  const intent = await callStripe(gateway, "looking up a payment", () => stripe.paymentIntents.retrieve(intentId));
  return intent.status === "requires_capture" ? null : intentResult(operation.kind === "capture" ? "capture" : "void", intent);
}
