import type { Ctx } from "@/lib/core/context";
import { GatewayUnavailable } from "@/lib/core/errors";
import type { StartPaymentInput } from "@/lib/gateways/adapter";
import { inexactAmountMessage, stripeAmount } from "./stripe-amounts";
import { callStripe, isStripeRefusal, stripeFor } from "./stripe-client";
import { signedReturnUrl } from "@/lib/gateways/signed-return-url";

// Stripe takes a Checkout Session's expires_at from 30 minutes to 24 hours after its creation (by its own clock):
// a minute's margin inside both ends, so that a clock a little off or a slow request is not refused.
const MARGIN_SECONDS = 60;
const SHORTEST_SECONDS = 30 * 60 + MARGIN_SECONDS;
const LONGEST_SECONDS = 24 * 3600 - MARGIN_SECONDS;

/**
 * The session's expires_at (Unix seconds): the transaction's deadline, kept within what Stripe accepts. A deadline
 * sooner than that leaves the session open up to about 31 minutes: the expiry job ends it at the deadline anyway
 * (it expires the session at Stripe), and a payment made in between is given back. A deadline further off than a
 * day ends the session after about 24 hours: the customer then starts a new one from the payment page.
 */
export function stripeSessionExpiry(deadline: Date, now: number = Date.now()): number {
  const seconds = Math.floor(now / 1000);
  return Math.min(Math.max(Math.floor(deadline.getTime() / 1000), seconds + SHORTEST_SECONDS), seconds + LONGEST_SECONDS);
}

/**
 * One Stripe Checkout Session per attempt, ending at the transaction's deadline (stripeSessionExpiry), its
 * PaymentIntent captured at once (purchase) or held (authorize). The reference is the idempotency key, so a
 * retried request never makes a second session, and it is in both objects' metadata, where webhooks find it.
 * Stripe refusing the payment (amount, currency) leaves the method unavailable with Stripe's reason; nothing is
 * kept of a session that did not start.
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
        success_url: signedReturnUrl(gateway, referenceNumber, "return"),
        cancel_url: signedReturnUrl(gateway, referenceNumber, "cancel"),
        expires_at: stripeSessionExpiry(input.expiresAt),
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
