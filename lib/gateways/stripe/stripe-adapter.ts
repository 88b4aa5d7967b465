import type { GatewayAdapter } from "@/lib/gateways/adapter";
import { stripeCredentialErrors } from "./stripe-keys";
import { stripeReferenceOf, verifyStripeMessage } from "./stripe-messages";
import { inquireStripeOperation, operateAtStripe } from "./stripe-operations";
import { inquireStripePayment, releaseStripePayment } from "./stripe-sessions";
import { startStripePayment } from "./start-stripe-payment";

/**
 * Stripe (pg "stripe"), through its SDK: a hosted Checkout Session per attempt, results read from Stripe after its
 * signed webhook or the customer's return, refund / capture / void through its API. See docs/gateways/stripe.md.
 */
export const stripeAdapter: GatewayAdapter = {
  // Saved cards are not built for Stripe: a save_card or auto_debit transaction cannot name a Stripe setting.
  features: { tokenization: false, zeroAuthorization: false, operations: ["refund", "capture", "void"], framedPage: false },
  credentialErrors: stripeCredentialErrors,
  resendsUntilAcknowledged: true,
  startPayment: startStripePayment,
  referenceOf: stripeReferenceOf,
  verifyMessage: verifyStripeMessage,
  releasePayment: releaseStripePayment,
  inquire: (ctx, gateway, reference, { customerLeft }) => inquireStripePayment(ctx, gateway, reference, customerLeft ?? false),
  operate: operateAtStripe,
  inquireOperation: (ctx, gateway, reference) => inquireStripeOperation(ctx, gateway, reference),
};
