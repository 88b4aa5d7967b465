import type Stripe from "stripe";
import type { GatewayResult, Outcome } from "@/lib/gateways/adapter";

const PENDING = (gatewayResponse: Record<string, unknown>, message: string | null = null): GatewayResult => ({
  outcome: "pending",
  message,
  card: null,
  savedCardToken: null,
  gatewayResponse,
});

// Stripe's card brand words, as our other gateways name the brands.
const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

// The expanded PaymentIntent and its latest charge, when Stripe made them (a session makes its PaymentIntent
// only once the customer pays).
const intentOf = (session: Stripe.Checkout.Session) => (typeof session.payment_intent === "object" ? session.payment_intent : null);
const chargeOf = (intent: Stripe.PaymentIntent | null) => (intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null);

/** Our outcome for a Checkout Session as Stripe now has it. */
function outcomeOf(session: Stripe.Checkout.Session, intent: Stripe.PaymentIntent | null): Outcome {
  const failed = intent?.last_payment_error ? "declined" : "canceled";
  // Ended without a payment (the customer left, or it timed out): the last card decline is the reason, if any.
  if (session.status === "expired") return failed;
  // Still payable on Stripe's page, even after a decline: the customer may try another card.
  if (session.status !== "complete" || !intent) return "pending";
  if (intent.status === "succeeded" || intent.status === "requires_capture") return "success";
  if (intent.status === "canceled") return "canceled";
  if (intent.status === "requires_payment_method") return failed; // a delayed method (bank debit) that failed
  return "pending";
}

/** A Checkout Session (its PaymentIntent and charge expanded) as our result, with Stripe's ids. */
export function stripeResult(reference: string, session: Stripe.Checkout.Session): GatewayResult {
  const intent = intentOf(session);
  const charge = chargeOf(intent);
  const error = intent?.last_payment_error ?? null;
  const outcome = outcomeOf(session, intent);
  const card = charge?.payment_method_details?.card;
  const gatewayResponse = {
    ref: reference,
    checkout_session: session.id,
    session_status: session.status,
    payment_status: session.payment_status,
    payment_intent: intent?.id ?? (typeof session.payment_intent === "string" ? session.payment_intent : null),
    payment_intent_status: intent?.status ?? null,
    charge: charge?.id ?? null,
    amount: session.amount_total,
    currency: session.currency,
    ...(error ? { decline_code: error.decline_code ?? error.code ?? null, error_message: error.message ?? null } : {}),
  };
  if (outcome === "pending") return PENDING(gatewayResponse);
  return {
    outcome,
    message: outcome === "success" ? null : outcome === "declined" ? (error?.message ?? "Declined by Stripe") : "Canceled by the customer",
    card: card
      ? { brand: BRANDS[card.brand ?? ""] ?? "Card", masked: `•••• ${card.last4}`, expiry: `${String(card.exp_month).padStart(2, "0")}/${String(card.exp_year % 100).padStart(2, "0")}` }
      : null,
    savedCardToken: null,
    gatewayResponse,
  };
}

export const noStripeSession = (reference: string) => PENDING({ ref: reference }, "No Stripe Checkout Session is recorded for this payment.");
