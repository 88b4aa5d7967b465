import { readFileSync } from "node:fs";
import path from "node:path";

// Shared by playwright.config.ts (which passes them to the server start script) and the specs.

/** Repository root: e2e/support/ is two levels down. */
const root = path.resolve(__dirname, "..", "..");

/** Data directory of the e2e server's embedded PostgreSQL, wiped before every run. Relative to the repo root. */
export const E2E_DATA_DIR = ".data/e2e";

/** The superuser that e2e/support/start-server.sh creates with the admin CLI's create-user (seed-e2e.ts). */
export const adminUser = {
  username: "e2e-admin",
  password: "e2e-admin-password-0001",
} as const;

/** Name of the API key that start-server.sh creates with the admin CLI's create-api-key (seed-e2e.ts). */
export const API_KEY_NAME = "e2e";

/** Where start-server.sh stores the private API key (the last line of create-api-key's output). */
export const API_KEY_FILE = path.join(root, E2E_DATA_DIR, "e2e-api-key");

/**
 * The private key of the "e2e" API key. Read on call, not at import: spec files are loaded before
 * the web server (and so the key) exists.
 */
export function readApiKey(): string {
  const key = readFileSync(API_KEY_FILE, "utf8").trim();
  if (!key) throw new Error(`${API_KEY_FILE} is empty; did the e2e web server start?`);
  return key;
}

/** The KNET test terminal the stand-in plays (e2e/support/knet-stand-in-server.ts) and the `knet` setting uses. */
export const KNET_TERMINAL = { tranportalId: "107701", password: "e2e-knet-password", resourceKey: "E2EKNETRESOURCE1" } as const;

/** What the Stripe stand-in accepts; seed-e2e.ts saves the `stripe` gateway settings with them. */
export const STRIPE_E2E_CREDENTIALS = {
  secret_key: "sk_test_e2eStandIn0000000001",
  webhook_signing_secret: "whsec_e2eStandIn0000000001",
} as const;

/** The MPGS test merchant the stand-in plays (e2e/support/mpgs-stand-in-server.ts); seed-e2e.ts saves the `mpgs` settings with it. */
export const MPGS_E2E_CREDENTIALS = {
  merchant_id: "TESTE2EBANK01",
  api_password: "e2eMpgsApiPassword000001",
  gateway_host: "test-gateway.mastercard.com",
  api_version: "100",
  notification_secret: "e2eMpgsNotificationSecret01",
} as const;
