import { describe, expect, it } from "vitest";
import { hashApiKey } from "@/lib/access/auth/api-key-secret";
import { authenticate, PUBLIC_KEY_REFUSED } from "@/lib/access/auth/authenticate";
import { basicAuth, createCurrency, createGateway, createKey } from "../support/factories";
import { runAdminCli, runScript } from "../support/run-script";
import { testContext } from "../support/test-context";

const ctx = testContext();
const authorize = (authorization: string) => authenticate({ ctx, input: { authorization, ip: "127.0.0.1" } });

describe("admin CLI commands", () => {
  it("add-currency adds a currency, upper-casing its code", async () => {
    const result = await runAdminCli("add-currency", "--code", "bhd", "--decimals", "3");
    expect(result).toMatchObject({ code: 0, stderr: "", stdout: "Currency BHD with 3 decimal places.\n" });
    expect(await ctx.db.selectFrom("currencies").select(["code", "decimals"]).where("code", "=", "BHD").execute()).toEqual([
      { code: "BHD", decimals: 3 },
    ]);
  });

  it("create-gateway configures a gateway with its fees, operation, name and icon", async () => {
    await createCurrency(ctx, { code: "KWD", decimals: 3 });
    await createCurrency(ctx, { code: "USD", decimals: 2 });
    const result = await runAdminCli(
      "create-gateway",
      "--code", "knet-auth",
      "--pg", "sandbox",
      "--currencies", "KWD, usd",
      "--operation", "authorize",
      "--fee-fixed", "0.250",
      "--fee-percent", "1.5",
      "--name", "KNET (authorize)",
      "--icon-url", "https://cdn.example.com/knet.svg",
    );
    expect(result).toMatchObject({ code: 0, stdout: "Gateway setting knet-auth (sandbox, authorize, KWD, USD).\n" });
    const row = await ctx.db.selectFrom("gateway_settings").selectAll().where("code", "=", "knet-auth").executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "KNET (authorize)",
      pg: "sandbox",
      is_sandbox: true,
      currencies: ["KWD", "USD"],
      operation: "authorize",
      fee_fixed: "0.250000",
      fee_percent: "1.5000",
      icon_url: "https://cdn.example.com/knet.svg",
    });
  });

  it("create-user --superuser adds a superuser who can sign in", async () => {
    const result = await runAdminCli("create-user", "--username", "root", "--password", "correct-horse-9", "--superuser");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created user root \(superuser; permissions: create, update, refund/);
    await expect(authorize(basicAuth("root", "correct-horse-9"))).resolves.toMatchObject({ username: "root", isSuperuser: true });
  });

  it("create-user --gateways --permissions adds a user limited to them", async () => {
    const gateway = await createGateway(ctx, { code: "knet" });
    const result = await runAdminCli(
      "create-user", "--username", "clerk", "--password", "clerk-password", "--gateways", gateway.code, "--permissions", "create,refund",
    );
    expect(result).toMatchObject({ code: 0, stdout: "Created user clerk (gateways: knet; permissions: create, refund).\n" });
    await expect(authorize(basicAuth("clerk", "clerk-password"))).resolves.toMatchObject({
      isSuperuser: false,
      gatewayCodes: ["knet"],
      permissions: ["create", "refund"],
    });
  });

  it("create-api-key prints the private key alone on the last line, and that key authenticates", async () => {
    const result = await runAdminCli("create-api-key", "--name", "web shop", "--expires-in-days", "30");
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    const key = lines.at(-1)!;
    expect(key).toMatch(/^ck_[A-Za-z0-9_-]{43}$/);
    expect(lines.slice(0, -1).join("\n")).not.toContain(key);

    await expect(authorize(`Api-Key ${key}`)).resolves.toMatchObject({ kind: "api_key", name: "web shop" });
    const row = await ctx.db.selectFrom("api_keys").select(["expires_at"]).where("name", "=", "web shop").executeTakeFirstOrThrow();
    const days = (row.expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("list-api-keys lists every key with its status, never a secret", async () => {
    const active = await createKey(ctx, { name: "listed-active" });
    const expired = await createKey(ctx, { name: "listed-expired", expiresAt: new Date(Date.now() - 1000) });
    const embedded = await createKey(ctx, { name: "listed-public", origins: ["https://shop.example", "http://localhost:4000"] });
    const result = await runAdminCli("list-api-keys");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${active.id}\tlisted-active\t${active.prefix}…\tactive\tprivate\t-\n`);
    expect(result.stdout).toContain(`${expired.id}\tlisted-expired\t${expired.prefix}…\texpired\tprivate\t-\n`);
    expect(result.stdout).toContain(`${embedded.id}\tlisted-public\t${embedded.prefix}…\tactive\tpublic\thttps://shop.example,http://localhost:4000\n`);
    for (const { key } of [active, expired, embedded]) expect(result.stdout).not.toContain(key);
  });

  it("create-public-key prints the pk_ key alone on the last line; it is stored hashed with its origins and refused off the SDK", async () => {
    const result = await runAdminCli("create-public-key", "--name", "shop checkout", "--origins", "https://shop.example,http://localhost:4000");
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const lines = result.stdout.trimEnd().split("\n");
    const key = lines.at(-1)!;
    expect(key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(lines.slice(0, -1).join("\n")).not.toContain(key);
    expect(lines[0]).toMatch(/^Created public API key shop checkout \(id \d+, origins https:\/\/shop\.example, http:\/\/localhost:4000\)\. It is shown only now:$/);

    const row = await ctx.db.selectFrom("api_keys").selectAll().where("name", "=", "shop checkout").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "public", allowed_origins: ["https://shop.example", "http://localhost:4000"], prefix: key.slice(0, 10) });
    expect(row.key_hash.equals(hashApiKey(key))).toBe(true);
    await expect(authorize(`Api-Key ${key}`)).rejects.toThrow(PUBLIC_KEY_REFUSED);
  });

  it("create-public-key refuses origins that are not origins, with exit code 2 and nothing stored", async () => {
    const before = await ctx.db.selectFrom("api_keys").select("id").execute();
    const result = await runAdminCli("create-public-key", "--name", "bad", "--origins", "https://shop.example/pay");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"https://shop.example/pay" is not an origin');
    expect(await ctx.db.selectFrom("api_keys").select("id").execute()).toEqual(before);
  });

  it("revoke-api-key revokes a key at once", async () => {
    const { id, key } = await createKey(ctx);
    const result = await runAdminCli("revoke-api-key", "--id", id);
    expect(result).toMatchObject({ code: 0, stdout: `Revoked API key ${id}.\n` });
    await expect(authorize(`Api-Key ${key}`)).rejects.toThrow("This API key has been revoked.");
  });

  it.each(["987654", "99999999999999999999"])("revoke-api-key reports that no key %s exists", async (id) => {
    const result = await runAdminCli("revoke-api-key", "--id", id);
    expect(result).toMatchObject({ code: 1, stdout: "", stderr: `No active API key with id ${id}.\n` });
  });

  it("set-config changes every setting it is given", async () => {
    const result = await runAdminCli(
      "set-config",
      "--expire-transactions", "off",
      "--default-expiration", "1 02:30:00",
      "--default-redirect-url", "https://shop.example.com/done",
      "--default-disclosure-url", "http://shop.example.com/terms",
      "--webhook-hmac-key", "a-long-enough-secret",
      "--merchant-name", "Example Shop",
      "--support-email", "help@example.com",
      "--support-phone", "+96512345678",
    );
    expect(result).toMatchObject({
      code: 0,
      stdout: "Settings saved: expire transactions off, default expiration 95400s, webhook HMAC key set.\n",
    });
    expect(result.stdout).not.toContain("a-long-enough-secret");
    expect(await ctx.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow()).toMatchObject({
      expire_transactions: false,
      default_expiration_seconds: 95_400,
      default_redirect_url: "https://shop.example.com/done",
      default_disclosure_url: "http://shop.example.com/terms",
      webhook_hmac_key: "a-long-enough-secret",
      merchant_name: "Example Shop",
      support_email: "help@example.com",
      support_phone: "+96512345678",
    });

    const again = await runAdminCli("set-config", "--expire-transactions", "on");
    expect(again.code).toBe(0);
    expect(await ctx.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow()).toMatchObject({
      expire_transactions: true,
      default_expiration_seconds: 95_400,
      merchant_name: "Example Shop",
    });
  });
});

// The tests above run the CLI in this process (test/support/run-script.ts); these run server/admin.ts itself, for
// what only the process shows: its exit code and its streams.
describe("the admin CLI as a process", () => {
  it("exits 0 with the command's lines on stdout", async () => {
    const { code, stdout, stderr } = await runScript("server/admin.ts", ["add-currency", "--code", "omr", "--decimals", "3"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toMatch(/OMR/);
  });

  it("exits 2 with the usage on stderr for an unknown command, and 1 with the message for a domain error", async () => {
    const unknown = await runScript("server/admin.ts", ["make-coffee"]);
    expect({ code: unknown.code, stdout: unknown.stdout }).toEqual({ code: 2, stdout: "" });
    expect(unknown.stderr).toMatch(/^Unknown command: make-coffee\n\nUsage: npm run admin -- <command>/);
    const missing = await runScript("server/admin.ts", ["revoke-api-key", "--id", "987654"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/987654/);
  });
});
