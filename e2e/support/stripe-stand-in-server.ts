// The Stripe stand-in for the Playwright specs (a webServer of playwright.config.ts, run with tsx): Stripe's API
// and hosted page on STRIPE_STAND_IN_PORT, events signed for and sent to the app's Stripe callback. The config
// passes the credentials (e2e/support/credentials.ts) and the app's URL.
import { startStripeStandIn } from "../../test/support/stripe-stand-in";

const { STRIPE_STAND_IN_PORT, APP_URL, E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET } = process.env;
if (!STRIPE_STAND_IN_PORT || !APP_URL || !E2E_STRIPE_SECRET_KEY || !E2E_STRIPE_WEBHOOK_SECRET) {
  throw new Error("STRIPE_STAND_IN_PORT, APP_URL, E2E_STRIPE_SECRET_KEY and E2E_STRIPE_WEBHOOK_SECRET are required");
}

void startStripeStandIn({
  port: Number(STRIPE_STAND_IN_PORT),
  secretKey: E2E_STRIPE_SECRET_KEY,
  webhookSecret: E2E_STRIPE_WEBHOOK_SECRET,
  webhookUrl: `${APP_URL}/b/checkout/gateway/stripe/callback/`,
}).then((standIn) => {
  console.log(`stripe stand-in on ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
});
