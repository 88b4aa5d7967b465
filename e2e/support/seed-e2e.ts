// The e2e database, seeded in one process (start-server.sh runs it before `npm start`): the same admin CLI
// commands an operator would type, run one after another on one embedded PostgreSQL instead of starting it per
// command. What it creates: a known superuser and API key, the currencies, sandbox, KNET, Stripe and MPGS gateway
// settings the specs pay with (DEMO_DATA is off), and the merchant's name and support contact.
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "@/server/open-database";
import { migrateDatabase } from "@/db/migrate-database";
import { commands } from "@/server/admin-commands/commands";
import { runMain } from "@/server/run-main";

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`e2e seed: ${name} is not set (playwright.config.ts passes it)`);
  return value;
};

runMain(async () => {
  const dataDir = need("DATA_DIR");
  const knetCredentials = path.join(dataDir, "knet-credentials.json");
  const stripeCredentials = path.join(dataDir, "stripe-credentials.json");
  const mpgsCredentials = path.join(dataDir, "mpgs-credentials.json");
  await mkdir(dataDir, { recursive: true });
  await writeFile(knetCredentials, need("E2E_KNET_CREDENTIALS"));
  await writeFile(
    stripeCredentials,
    JSON.stringify({ secret_key: need("E2E_STRIPE_SECRET_KEY"), webhook_signing_secret: need("E2E_STRIPE_WEBHOOK_SECRET") }),
  );
  await writeFile(mpgsCredentials, need("E2E_MPGS_CREDENTIALS"));
  // A password the MPGS stand-in refuses: a gateway that is down as payments start (gateway-failover.spec.ts).
  const mpgsDownCredentials = path.join(dataDir, "mpgs-down-credentials.json");
  await writeFile(mpgsDownCredentials, JSON.stringify({ ...JSON.parse(need("E2E_MPGS_CREDENTIALS")), api_password: "e2eMpgsWrongPassword0001" }));
  const gateway = (code: string, pg: string, currencies: string, name: string, ...more: string[]) =>
    ["create-gateway", "--code", code, "--pg", pg, "--currencies", currencies, "--name", name, ...more];
  const steps: string[][] = [
    ["create-user", "--username", need("E2E_ADMIN_USERNAME"), "--password", need("E2E_ADMIN_PASSWORD"), "--superuser"],
    ["create-api-key", "--name", need("E2E_API_KEY_NAME")],
    ["add-currency", "--code", "KWD", "--decimals", "3"],
    ["add-currency", "--code", "USD", "--decimals", "2"],
    gateway("sandbox", "sandbox", "KWD,USD", "Sandbox card"),
    gateway("sandbox-auth", "sandbox", "KWD,USD", "Sandbox card (authorize)", "--operation", "authorize"),
    gateway("sandbox-fee", "sandbox", "KWD,USD", "Sandbox card with fee", "--fee-fixed", "0.250", "--fee-percent", "1.5"),
    gateway("knet", "knet", "KWD", "KNET", "--mode", "sandbox", "--credentials-file", knetCredentials),
    // A production-mode setting: never in one transaction with the sandbox ones (payment-page.spec.ts checks the
    // refusal and the "Test mode" badge of a transaction stored with both); never paid with in the specs.
    gateway("live-card", "sandbox", "KWD,USD", "Live card", "--mode", "production"),
    gateway("stripe", "stripe", "USD", "Stripe card", "--mode", "sandbox", "--credentials-file", stripeCredentials),
    gateway("stripe-auth", "stripe", "USD", "Stripe card (authorize)", "--mode", "sandbox", "--operation", "authorize", "--credentials-file", stripeCredentials),
    gateway("mpgs", "mpgs", "KWD,USD", "MPGS card", "--mode", "sandbox", "--credentials-file", mpgsCredentials),
    gateway("mpgs-auth", "mpgs", "KWD,USD", "MPGS card (authorize)", "--mode", "sandbox", "--operation", "authorize", "--credentials-file", mpgsCredentials),
    gateway("mpgs-down", "mpgs", "KWD,USD", "MPGS card (down)", "--mode", "sandbox", "--credentials-file", mpgsDownCredentials),
    ["set-config", "--merchant-name", "E2E Store", "--merchant-website-url", "https://e2e-store.example/",
      "--support-email", "help@e2e-store.example", "--support-phone", "+96522000000"],
  ];
  const database = await openDatabase({ adoptOrphan: false });
  try {
    await migrateDatabase(database.db, database.url);
    for (const [name, ...args] of steps) {
      const command = commands[name!];
      if (!command) throw new Error(`e2e seed: no admin command ${name}`);
      const output = await command.run({ db: database.db }, args);
      const lines = Array.isArray(output) ? output : output.lines;
      // The private key is alone on the last line of create-api-key's output.
      if (name === "create-api-key") await writeFile(need("E2E_API_KEY_FILE"), `${lines.at(-1)}\n`);
    }
  } finally {
    await database.close();
    await Promise.all([knetCredentials, stripeCredentials, mpgsCredentials, mpgsDownCredentials].map((file) => rm(file, { force: true })));
  }
  process.stdout.write(`e2e: seeded ${steps.length} settings, user and API key in one process\n`);
});
