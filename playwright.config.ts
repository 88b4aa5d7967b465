import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { adminUser, API_KEY_FILE, API_KEY_NAME, E2E_DATA_DIR, KNET_TERMINAL, MPGS_E2E_CREDENTIALS, STRIPE_E2E_CREDENTIALS } from "./e2e/support/credentials";

// End-to-end tests against the production build (`npm run build` first) in Debian's Chromium
// (`apt-get install chromium`; Playwright's own browser download is not reachable from here).

// Ports may be moved (E2E_PORT, E2E_PG_PORT) to run two checkouts' suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The KNET stand-in (e2e/support/knet-stand-in-server.ts), 1000 above the app.
const KNET_PORT = PORT + 1000;
// The Stripe stand-in (e2e/support/stripe-stand-in-server.ts), 1100 above the app.
const STRIPE_PORT = PORT + 1100;
const STRIPE_ENV = {
  E2E_STRIPE_SECRET_KEY: STRIPE_E2E_CREDENTIALS.secret_key,
  E2E_STRIPE_WEBHOOK_SECRET: STRIPE_E2E_CREDENTIALS.webhook_signing_secret,
};
// The MPGS stand-in (e2e/support/mpgs-stand-in-server.ts), 1200 above the app.
const MPGS_PORT = PORT + 1200;
const MPGS_ENV = { E2E_MPGS_CREDENTIALS: JSON.stringify(MPGS_E2E_CREDENTIALS) };
const CI = !!process.env.CI;
// The admin panel's specs change what the customer-facing specs read (gateways, currencies, settings), so they run
// after them; those that change the settings every page reads, end the shared superuser's sessions or count the
// whole transactions list run last and one at a time.
const PANEL_SPECS = /admin-[a-z-]+\.spec\.ts/;
const SETTINGS_SPECS = /admin-(auth|settings|legacy-interface|transactions)\.spec\.ts/;

// Debian's old headless shell (chromium-headless-shell) when installed: the same engine as /usr/bin/chromium without
// the browser around it, and about a third less CPU a test (all of this suite's time goes to CPU on two cores).
const CHROMIUM = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file)) ?? "/usr/bin/chromium";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
  headless: true,
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // One server and one database shared by every spec, two spec files at a time: each makes its own transactions, and
  // the specs that change shared configuration run after the others (the "panel" projects below).
  workers: 2,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // A trace records a screencast of every page: in CI only when a failed test runs again (a third of the browser's CPU).
    trace: CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // Each customer-facing test makes its own transactions: tests, not files, are spread over the workers.
    { name: "chromium", use: chromium, testIgnore: PANEL_SPECS, fullyParallel: true },
    // Again with scripts disabled, the specs of the customer pages that have client components (card fields, saved
    // cards, live status, delivery map, pending submit buttons): they must work as plain HTML forms. Specs of the
    // server itself (headers, limits, stop), the gateway hand-offs and the admin panel would run the same twice.
    {
      name: "chromium-no-js",
      use: { ...chromium, javaScriptEnabled: false },
      fullyParallel: true,
      testMatch: /(payment-flow|payment-page|progressive-enhancement|auto-debit|legacy-page-options|one-payment|legacy-result|back-to-merchant|gateway-failover)\.spec\.ts/,
    },
    { name: "panel", use: chromium, testMatch: PANEL_SPECS, testIgnore: SETTINGS_SPECS, dependencies: ["chromium", "chromium-no-js"] },
    { name: "panel-settings", use: chromium, testMatch: SETTINGS_SPECS, dependencies: ["panel"], workers: 1 },
  ],
  webServer: [
    {
      // Wipes DATA_DIR, creates the superuser and API key with the admin CLI, then `npm start`.
      command: "bash e2e/support/start-server.sh",
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false, // every run starts from an empty database
      timeout: 180_000,
      // SIGTERM to the whole process group; the launcher then stops Next.js and its embedded PostgreSQL.
      gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
      stdout: "pipe",
      stderr: "pipe",
      env: {
        HOST: "127.0.0.1",
        PORT: String(PORT),
        APP_URL: BASE_URL,
        DATA_DIR: E2E_DATA_DIR,
        EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54350",
        DEMO_DATA: "off",
        NEXT_TELEMETRY_DISABLED: "1",
        LOG_LEVEL: "warn",
        // Cheap password hashes (a few ms, not ~100 ms of CPU per sign-in), as in the unit tests, where the production
        // cost has its own test (test/access/password-hash.test.ts).
        PASSWORD_HASH_COST: "10",
        // The "no answer" test card's delayed callback, short enough for a spec to wait for it.
        SANDBOX_LATE_CALLBACK_SECONDS: "3",
        // The specs' webhook receivers listen on 127.0.0.1, which production otherwise refuses as a target.
        ALLOW_PRIVATE_URLS: "on",
        // The shortest allowed: server-limits.spec.ts waits for it.
        REQUEST_TIMEOUT_SECONDS: "10",
        E2E_ADMIN_USERNAME: adminUser.username,
        E2E_ADMIN_PASSWORD: adminUser.password,
        E2E_API_KEY_NAME: API_KEY_NAME,
        E2E_API_KEY_FILE: API_KEY_FILE,
        KNET_BASE_URL: `http://127.0.0.1:${KNET_PORT}`,
        E2E_KNET_CREDENTIALS: JSON.stringify({
          tranportal_id: KNET_TERMINAL.tranportalId,
          tranportal_password: KNET_TERMINAL.password,
          resource_key: KNET_TERMINAL.resourceKey,
        }),
        // The SDK talks to the Stripe stand-in; seed-e2e.ts saves the stripe settings with its keys.
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`,
        ...STRIPE_ENV,
        // Every MPGS setting talks to the MPGS stand-in; seed-e2e.ts saves the mpgs settings with its merchant.
        MPGS_BASE_URL: `http://127.0.0.1:${MPGS_PORT}`,
        ...MPGS_ENV,
      },
    },
    {
      command: "npx tsx e2e/support/knet-stand-in-server.ts",
      port: KNET_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_KNET_PORT: String(KNET_PORT) },
    },
    {
      command: "npx tsx e2e/support/stripe-stand-in-server.ts",
      port: STRIPE_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { STRIPE_STAND_IN_PORT: String(STRIPE_PORT), APP_URL: BASE_URL, ...STRIPE_ENV },
    },
    {
      command: "npx tsx e2e/support/mpgs-stand-in-server.ts",
      port: MPGS_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { MPGS_STAND_IN_PORT: String(MPGS_PORT), APP_URL: BASE_URL, ...MPGS_ENV },
    },
  ],
});
