import Stripe from "stripe";
import type { GatewaySetting } from "@/db/types";
import type { GatewayMessage, Outcome, VerifiedMessage } from "@/lib/gateways/adapter";
import { webhookSecretOf } from "./stripe-client";
import { verifiedReturnLeg } from "@/lib/gateways/signed-return-url";

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

/** A webhook's body: an event, with the reference_number metadata when it is one we follow. Null for anything else. */
function eventIn(rawBody: string): { reference: string | null } | null {
  try {
    const event = JSON.parse(rawBody) as { object?: unknown; type?: unknown; data?: { object?: { metadata?: Record<string, unknown> } } };
    if (event?.object !== "event") return null;
    const reference = event.data?.object?.metadata?.reference_number;
    return { reference: typeof event.type === "string" && event.type in STRIPE_EVENTS && typeof reference === "string" ? reference : null };
  } catch {
    return null;
  }
}

/** A webhook names its payment in its Checkout Session's metadata; a browser return in its `ref`. */
export const stripeReferenceOf = (message: GatewayMessage): string | null => {
  const event = eventIn(message.rawBody);
  return event ? event.reference : (message.params.ref ?? null);
};

/**
 * A webhook checks out with the SDK against the exact body and the endpoint's signing secret (an event is signed
 * anew, with a fresh timestamp, at every delivery); a return with our own signature. A return's id is fixed per
 * leg: reloading it is a repeat, which Stripe's adapter takes (see `resendsUntilAcknowledged`).
 */
export function verifyStripeMessage(gateway: GatewaySetting, message: GatewayMessage): VerifiedMessage | null {
  const event = eventIn(message.rawBody);
  if (!event) {
    const leg = verifiedReturnLeg(gateway, message.params);
    if (!leg) return null;
    return { messageId: `${leg}:${message.params.ref}`, issuedAt: new Date(), referenceNumber: message.params.ref!, outcome: leg === "cancel" ? "canceled" : "success" };
  }
  const secret = webhookSecretOf(gateway);
  if (!secret) return null;
  let verified: Stripe.Event;
  try {
    verified = Stripe.webhooks.constructEvent(message.rawBody, message.headers.get("stripe-signature") ?? "", secret);
  } catch {
    return null;
  }
  const outcome = STRIPE_EVENTS[verified.type];
  if (!event.reference || !outcome) return null;
  // When this delivery was signed (checked within five minutes by the SDK), not when the event happened: Stripe
  // resends an unanswered event for days.
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(message.headers.get("stripe-signature") ?? "")?.[1]);
  return { messageId: verified.id, issuedAt: new Date(signedAt * 1000), referenceNumber: event.reference, outcome };
}
