import { createHash } from "node:crypto";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { GatewayUnavailable } from "@/lib/core/errors";
import type { StartPaymentInput } from "@/lib/gateways/adapter";
import { signedReturnUrl } from "@/lib/gateways/signed-return-url";
import { inexactAmountMessage, mpgsAmount } from "./mpgs-amounts";
import { callMpgs, MpgsRefusal } from "./mpgs-client";

/** How a session's successIndicator is kept on the attempt: hashed, so that no answer or log can show it. */
export const indicatorDigest = (indicator: string) => createHash("sha256").update(indicator, "utf8").digest("hex");

/**
 * One Hosted Checkout session per attempt (INITIATE_CHECKOUT): our reference is MPGS's order id, the amount has
 * the currency's exact places, PURCHASE or AUTHORIZE follows the setting's operation. MPGS sends the browser back
 * to our signed return (with its resultIndicator) or cancel address, and its notifications to our callback. The
 * customer goes to our page leg, which opens MPGS's page with checkout.js (mpgs-payment-page.ts).
 */
export async function startMpgsPayment(ctx: Ctx, input: StartPaymentInput) {
  const { gateway, referenceNumber } = input;
  const amount = await mpgsAmount(ctx, input.amount, input.currencyCode);
  if (amount === null) throw new GatewayUnavailable(inexactAmountMessage(input.amount, input.currencyCode));
  const answer = await callMpgs(gateway, "starting a payment", "PUT", "/session", {
    apiOperation: "INITIATE_CHECKOUT",
    interaction: {
      operation: gateway.operation === "authorize" ? "AUTHORIZE" : "PURCHASE",
      returnUrl: signedReturnUrl(gateway, referenceNumber, "return"),
      cancelUrl: signedReturnUrl(gateway, referenceNumber, "cancel"),
      merchant: { name: (input.vendorName ?? gateway.code).slice(0, 40) },
      locale: input.language === "ar" ? "ar" : "en",
    },
    order: {
      id: referenceNumber,
      amount,
      currency: input.currencyCode,
      description: `Payment ${referenceNumber}`,
      notificationUrl: `${env.APP_URL}/b/checkout/gateway/mpgs/callback/`,
    },
  }).catch((error: unknown) => {
    if (error instanceof MpgsRefusal) throw new GatewayUnavailable(`MPGS refused the payment (gateway setting ${gateway.code}): ${error.message}`);
    throw error;
  });
  const sessionId = (answer.session as { id?: unknown } | undefined)?.id;
  const indicator = answer.successIndicator;
  // The session id goes into our page's script: only MPGS's plain form of it is taken.
  if (typeof sessionId !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(sessionId) || typeof indicator !== "string" || indicator === "") {
    throw new GatewayUnavailable(`MPGS gave no usable checkout session (gateway setting ${gateway.code}).`);
  }
  return {
    redirectUrl: signedReturnUrl(gateway, referenceNumber, "page"),
    gatewayResponse: { order_id: referenceNumber, checkout_session: sessionId, success_indicator_sha256: indicatorDigest(indicator) },
  };
}
