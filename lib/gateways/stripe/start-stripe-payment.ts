import type { Ctx } from "@/lib/context";
import { GatewayUnavailable } from "@/lib/errors";
import type { StartPaymentInput } from "@/lib/gateways/adapter";
import { inexactAmountMessage, stripeAmount } from "./stripe-amounts";
import { callStripe, isStripeRefusal, stripeFor } from "./stripe-client";
import { stripeReturnUrl } from "./stripe-return-urls";

/**
 * One Stripe Checkout Session per attempt, its PaymentIntent captured at once (purchase) or held (authorize).
 * The reference is the idempotency key, so a retried request never makes a second session, and it is in both
 * objects' metadata, where webhooks find it. Stripe refusing the payment (amount, currency) leaves the method
 * unavailable with Stripe's reason; nothing is kept of a session that did not start.
 */
export async function startStripePayment(_ctx: Ctx, input: StartPaymentInput) {
  const { gateway, referenceNumber } = input;
  const amount = stripeAmount(input.amount, input.currencyCode);
  if (amount === null) throw new GatewayUnavailable(inexactAmountMessage(input.amount, input.currencyCode));
  const stripe = stripeFor(gateway);
  const metadata = { reference_number: referenceNumber };
  const session = await callStripe(gateway, "starting a payment", () =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: referenceNumber,
        line_items: [
          {
            quantity: 1,
            price_data: { currency: input.currencyCode.toLowerCase(), unit_amount: amount, product_data: { name: input.vendorName ?? `Payment ${referenceNumber}` } },
          },
        ],
        payment_intent_data: { capture_method: gateway.operation === "authorize" ? "manual" : "automatic", metadata },
        metadata,
        // Stripe's page has no Arabic: it then follows the browser's language.
        locale: input.language === "en" ? "en" : "auto",
        success_url: stripeReturnUrl(gateway, referenceNumber, "return"),
        cancel_url: stripeReturnUrl(gateway, referenceNumber, "cancel"),
      },
      { idempotencyKey: referenceNumber },
    ),
  ).catch((error: unknown) => {
    if (isStripeRefusal(error)) throw new GatewayUnavailable(`Stripe refused the payment (gateway setting ${gateway.code}): ${error.message}`);
    throw error;
  });
  if (!session.url) throw new GatewayUnavailable(`Stripe gave no payment page for Checkout Session ${session.id}.`);
  return { redirectUrl: session.url, gatewayResponse: { ref: referenceNumber, checkout_session: session.id, session_status: session.status } };
}
