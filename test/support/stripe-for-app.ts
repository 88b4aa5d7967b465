import { afterAll } from "vitest";
import { startStripeStandIn } from "./stripe-stand-in";

/** The keys the stand-in accepts; the tests' Stripe gateway settings are saved with them. */
export const STRIPE_CREDENTIALS = { secret_key: "sk_test_standIn4242424242", webhook_signing_secret: "whsec_standIn4242424242" };

/**
 * Starts the Stripe stand-in and points the application's SDK at it (STRIPE_API_URL). lib/core/env.ts reads the
 * environment once, on first import: call this before importing the application. Closed after the file.
 */
export async function startStripeForApp() {
  const standIn = await startStripeStandIn({ secretKey: STRIPE_CREDENTIALS.secret_key, webhookSecret: STRIPE_CREDENTIALS.webhook_signing_secret });
  process.env.STRIPE_API_URL = standIn.url;
  afterAll(() => standIn.close());
  return standIn;
}
