// The MPGS stand-in for the Playwright specs (a webServer of playwright.config.ts, run with tsx): MPGS's REST API,
// checkout.js and hosted page on MPGS_STAND_IN_PORT, notifications sent to the app's MPGS callback. The config
// passes the merchant (e2e/support/credentials.ts) and the app's URL.
import { startMpgsStandIn } from "../../test/support/mpgs-stand-in";

const { MPGS_STAND_IN_PORT, APP_URL, E2E_MPGS_CREDENTIALS } = process.env;
if (!MPGS_STAND_IN_PORT || !APP_URL || !E2E_MPGS_CREDENTIALS) throw new Error("MPGS_STAND_IN_PORT, APP_URL and E2E_MPGS_CREDENTIALS are required");
const merchant = JSON.parse(E2E_MPGS_CREDENTIALS) as { merchant_id: string; api_password: string; notification_secret: string };

void startMpgsStandIn({
  port: Number(MPGS_STAND_IN_PORT),
  merchantId: merchant.merchant_id,
  password: merchant.api_password,
  notificationSecret: merchant.notification_secret,
}).then((standIn) => {
  standIn.control.notificationUrl = `${APP_URL}/b/checkout/gateway/mpgs/callback/`;
  console.log(`mpgs stand-in on ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
});
