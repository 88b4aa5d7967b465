import { describe, expect, it } from "vitest";
import { authenticate } from "@/lib/access/auth/authenticate";
import { verifyAdminCredentials } from "@/lib/access/auth/verify-admin-credentials";
import type { Ctx } from "@/lib/core/context";
import { seedDemoData, seedDemoDataOnStart } from "@/lib/panel/demo/seed-demo-data";
import { createExtraDatabase } from "../support/extra-database";
import { createCurrency } from "../support/factories";

/** A context on a database of its own, migrated and empty, as on a first start. */
async function emptyInstallation(): Promise<Ctx> {
  return { db: (await createExtraDatabase({ migrated: true })).db };
}

async function counts(ctx: Ctx) {
  const count = (table: "currencies" | "gateway_settings" | "admin_users" | "api_keys") =>
    ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  return {
    currencies: await count("currencies"),
    gateways: await count("gateway_settings"),
    users: await count("admin_users"),
    keys: await count("api_keys"),
  };
}

const SEEDED = { currencies: 8, gateways: 2, users: 1, keys: 1 };

describe("seedDemoData", () => {
  it("on an empty installation adds currencies, two sandbox gateways, a superuser and an API key that work", async () => {
    const ctx = await emptyInstallation();
    const credentials = await seedDemoData({ ctx });
    expect(credentials).not.toBeNull();

    const currencies = await ctx.db.selectFrom("currencies").select(["code", "decimals"]).execute();
    expect(Object.fromEntries(currencies.map((c) => [c.code, c.decimals]))).toEqual({
      KWD: 3, BHD: 3, OMR: 3, USD: 2, EUR: 2, SAR: 2, AED: 2, QAR: 2,
    });

    const gateways = await ctx.db
      .selectFrom("gateway_settings")
      .select(["code", "pg", "is_sandbox", "operation", "currencies"])
      .orderBy("code")
      .execute();
    expect(gateways.map((g) => [g.code, g.pg, g.is_sandbox, g.operation])).toEqual([
      ["sandbox", "sandbox", true, "purchase"],
      ["sandbox-auth", "sandbox", true, "authorize"],
    ]);
    for (const g of gateways) expect([...g.currencies].sort()).toEqual(currencies.map((c) => c.code).sort());

    const { username, password, apiKey } = credentials!;
    await expect(verifyAdminCredentials({ ctx, input: { username, password, ip: "127.0.0.1" } })).resolves.toMatchObject({
      username: "admin",
      isSuperuser: true,
    });
    await expect(authenticate({ ctx, input: { authorization: `Api-Key ${apiKey}`, ip: "127.0.0.1" } })).resolves.toMatchObject({
      kind: "api_key",
      name: "demo",
    });

    // The webhook key is returned with the other credentials (server/serve.ts prints them together).
    const settings = await ctx.db.selectFrom("settings").select("webhook_hmac_key").executeTakeFirstOrThrow();
    expect(settings.webhook_hmac_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(credentials!.webhookKey).toBe(settings.webhook_hmac_key);
    expect(await counts(ctx)).toEqual(SEEDED);
  });

  it("a second time returns null and adds nothing", async () => {
    const ctx = await emptyInstallation();
    await seedDemoData({ ctx });
    const settings = await ctx.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();

    expect(await seedDemoData({ ctx })).toBeNull();
    expect(await counts(ctx)).toEqual(SEEDED);
    expect(await ctx.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow()).toEqual(settings);
  });

  it("does nothing on an installation someone already configured", async () => {
    const ctx = await emptyInstallation();
    await createCurrency(ctx, { code: "JPY", decimals: 0 });
    expect(await seedDemoData({ ctx })).toBeNull();
    expect(await counts(ctx)).toEqual({ currencies: 1, gateways: 0, users: 0, keys: 0 });
  });

  it("seeds once when two processes start together", async () => {
    const ctx = await emptyInstallation();
    const results = await Promise.all([seedDemoData({ ctx }), seedDemoData({ ctx })]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await counts(ctx)).toEqual(SEEDED);
  });
});

describe("seedDemoDataOnStart (the start's step: server/serve.ts)", () => {
  const EMPTY = { currencies: 0, gateways: 0, users: 0, keys: 0 };

  it("seeds a local trial: the embedded database on a local http APP_URL (DEMO_DATA=auto)", async () => {
    const ctx = await emptyInstallation();
    const start = await seedDemoDataOnStart({ ctx, input: { setting: "auto", embeddedDatabase: true, appUrl: "http://localhost:3000" } });
    expect(start.created).toMatchObject({ username: "admin" });
    expect(start.skipped).toBeNull();
    expect(await counts(ctx)).toEqual(SEEDED);
  });

  it.each([
    ["DATABASE_URL set", { setting: "auto", embeddedDatabase: false, appUrl: "http://localhost:3000" }, /DATABASE_URL is set/],
    ["an https APP_URL", { setting: "auto", embeddedDatabase: true, appUrl: "https://pay.example.com" }, /not a local http address/],
    ["DEMO_DATA=off", { setting: "off", embeddedDatabase: true, appUrl: "http://localhost:3000" }, /DEMO_DATA=off/],
  ] as const)("leaves an empty installation empty with %s, and says why", async (_, input, reason) => {
    const ctx = await emptyInstallation();
    const start = await seedDemoDataOnStart({ ctx, input });
    expect(start.created).toBeNull();
    expect(start.skipped).toMatch(reason);
    expect(await counts(ctx)).toEqual(EMPTY);
    expect(await ctx.db.selectFrom("settings").select("webhook_hmac_key").executeTakeFirstOrThrow()).toEqual({ webhook_hmac_key: null });
  });

  it("seeds wherever DEMO_DATA=on says so, DATABASE_URL and https included", async () => {
    const ctx = await emptyInstallation();
    const start = await seedDemoDataOnStart({ ctx, input: { setting: "on", embeddedDatabase: false, appUrl: "https://staging.example.com" } });
    expect(start.created).not.toBeNull();
    expect(await counts(ctx)).toEqual(SEEDED);
  });

  it("says nothing about an installation that is not empty", async () => {
    const ctx = await emptyInstallation();
    await createCurrency(ctx, { code: "JPY", decimals: 0 });
    expect(await seedDemoDataOnStart({ ctx, input: { setting: "auto", embeddedDatabase: false, appUrl: "https://pay.example.com" } })).toEqual({
      created: null,
      skipped: null,
    });
  });
});
