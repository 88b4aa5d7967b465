import { randomBytes } from "node:crypto";
import { isEmptyInstallation, withSeedLock } from "@/db/queries/demo-data";
import { createAdminUser } from "@/lib/access/admin-users/create-admin-user";
import { createApiKey } from "@/lib/access/api-keys/create-api-key";
import type { Ctx } from "@/lib/core/context";
import { addCurrency } from "@/lib/config/currencies/add-currency";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { decideDemoData, type DemoDataSetting } from "./demo-data-decision";

export const DEMO_CURRENCIES = { KWD: 3, BHD: 3, OMR: 3, USD: 2, EUR: 2, SAR: 2, AED: 2, QAR: 2 } as const;

export interface DemoCredentials {
  username: string;
  password: string;
  apiKey: string;
  /** The webhook signing key, printed with the rest so the merchant's receiver can verify from the start. */
  webhookKey: string;
}

/**
 * On the first start of an empty installation: currencies, two sandbox gateway settings, an admin user, an API
 * key and a webhook signing key. Returns the generated credentials (shown once), or null when the installation was not empty.
 */
export async function seedDemoData({ ctx }: { ctx: Ctx }): Promise<DemoCredentials | null> {
  return withSeedLock(ctx.db, async (db) => {
    if (!(await isEmptyInstallation(db))) return null;
    const tx: Ctx = { db };
    for (const [code, decimals] of Object.entries(DEMO_CURRENCIES)) await addCurrency({ ctx: tx, input: { code, decimals } });
    const currencies = Object.keys(DEMO_CURRENCIES);
    await createGatewaySetting({
      ctx: tx,
      input: { code: "sandbox", name: "Sandbox card", pg: "sandbox", currencies, operation: "purchase" },
    });
    await createGatewaySetting({
      ctx: tx,
      input: {
        code: "sandbox-auth",
        name: "Sandbox card (authorize)",
        pg: "sandbox",
        currencies,
        operation: "authorize",
        feePercent: "1.5",
      },
    });
    // 256 bits, as the panel's Generate key makes them.
    const webhookKey = randomBytes(32).toString("base64url");
    await updateSettings({ ctx: tx, input: { webhookHmacKey: webhookKey } });
    const password = randomBytes(12).toString("base64url");
    await createAdminUser({ ctx: tx, input: { username: "admin", password, isSuperuser: true } });
    const { key } = await createApiKey({ ctx: tx, input: { name: "demo" } });
    return { username: "admin", password, apiKey: key, webhookKey };
  });
}

export interface DemoDataOnStart {
  /** The credentials of the demo data just created (shown once), or null. */
  created: DemoCredentials | null;
  /** Why an empty installation got no demo data (for the start log), or null. */
  skipped: string | null;
}

/**
 * The start's demo-data step: seeds an empty installation only where decideDemoData says it is a trial (or
 * DEMO_DATA=on); otherwise leaves it empty and says why.
 */
export async function seedDemoDataOnStart({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { setting: DemoDataSetting; embeddedDatabase: boolean; appUrl: string };
}): Promise<DemoDataOnStart> {
  const decision = decideDemoData(input);
  if (decision.seed) return { created: await seedDemoData({ ctx }), skipped: null };
  return { created: null, skipped: (await isEmptyInstallation(ctx.db)) ? decision.reason : null };
}
