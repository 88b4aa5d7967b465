import Stripe from "stripe";
import type { GatewaySetting } from "@/db/types";
import type { GatewayMessage, Outcome, VerifiedMessage } from "@/lib/gateways/adapter";
import { webhookSecretOf } from "./stripe-client";
import { verifiedReturnLeg } from "./stripe-return-urls";

/**
 * The webhook events a merchant subscribes the endpoint to, and what each claims. A claim only makes us look:
 * the result always comes from retrieving the Checkout Session. Any other event is acknowledged and ignored.
 */
export const STRIPE_EVENTS: Record<string, Outcome> = {
  "checkout.session.completed": "success",
  "checkout.session.async_payment_succeeded": "success",
  "checkout.session.async_payment_failed": "declined",
  "checkout.session.expired": "canceled",
};

const isWebhook = (message: GatewayMessage) => message.headers.has("stripe-signature");

/** The event's reference_number metadata, when it is one of the events we follow; null for any other body. */
function eventReference(rawBody: string): string | null {
  try {
    const event = JSON.parse(rawBody) as { type?: unknown; data?: { object?: { metadata?: Record<string, unknown> } } };
    const reference = event.data?.object?.metadata?.reference_number;
    return typeof event.type === "string" && event.type in STRIPE_EVENTS && typeof reference === "string" ? reference : null;
  } catch {
    return null;
  }
}

/** A webhook names its payment in its Checkout Session's metadata; a browser return in its `ref`. */
export const stripeReferenceOf = (message: GatewayMessage): string | null =>
  isWebhook(message) ? eventReference(message.rawBody) : (message.params.ref ?? null);

/**
 * A webhook checks out with the SDK against the exact body and the endpoint's signing secret (an event is signed
 * anew, with a fresh timestamp, at every delivery); a return with our own signature. A return's id is fixed per
 * leg: reloading it is a repeat, which Stripe's adapter takes (see `resendsUntilAcknowledged`).
 */
export function verifyStripeMessage(gateway: GatewaySetting, message: GatewayMessage): VerifiedMessage | null {
  if (!isWebhook(message)) {
    const leg = verifiedReturnLeg(gateway, message.params);
    if (!leg) return null;
    return { messageId: `${leg}:${message.params.ref}`, issuedAt: new Date(), referenceNumber: message.params.ref!, outcome: leg === "cancel" ? "canceled" : "success" };
  }
  const secret = webhookSecretOf(gateway);
  if (!secret) return null;
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(message.rawBody, message.headers.get("stripe-signature") ?? "", secret);
  } catch {
    return null;
  }
  const reference = eventReference(message.rawBody);
  const outcome = STRIPE_EVENTS[event.type];
  if (!reference || !outcome) return null;
  // When this delivery was signed (checked within five minutes by the SDK), not when the event happened: Stripe
  // resends an unanswered event for days.
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(message.headers.get("stripe-signature") ?? "")?.[1]);
  return { messageId: event.id, issuedAt: new Date(signedAt * 1000), referenceNumber: reference, outcome };
}
