import { afterAll } from "vitest";
import { startMpgsStandIn } from "./mpgs-stand-in";

/** A test merchant the stand-in accepts; the tests' MPGS gateway settings are saved with it. */
export const MPGS_CREDENTIALS = {
  merchant_id: "TESTGULFBANK01",
  api_password: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  gateway_host: "test-gateway.mastercard.com",
  api_version: "100",
  notification_secret: "standInNotificationSecret0001",
};

/**
 * Starts the MPGS stand-in and points every MPGS setting at it (MPGS_BASE_URL). lib/core/env.ts reads the
 * environment once, on first import: call this before importing the application. Closed after the file.
 */
export async function startMpgsForApp() {
  const standIn = await startMpgsStandIn({
    merchantId: MPGS_CREDENTIALS.merchant_id,
    password: MPGS_CREDENTIALS.api_password,
    notificationSecret: MPGS_CREDENTIALS.notification_secret,
  });
  process.env.MPGS_BASE_URL = standIn.url;
  afterAll(() => standIn.close());
  return standIn;
}
