import { beforeAll, describe, it } from "vitest";
import { createGateway, createUser } from "../support/factories";
import { runAdminCli } from "../support/run-script";
import { testContext } from "../support/test-context";

const ctx = testContext();

/** Everything the CLI can write: row counts per table and the settings row. */
async function snapshot() {
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
    revoked: await ctx.db.selectFrom("api_keys").select("id").where("revoked_at", "is not", null).execute(),
    settings: await ctx.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow(),
  };
}

const gw = ["create-gateway", "--code", "new-gw", "--pg", "sandbox", "--currencies", "KWD"];
const user = ["create-user", "--username", "new-user", "--password", "long-enough-pw"];

describe("admin CLI refuses bad arguments with exit code 2, a clear message, and no writes", () => {
  beforeAll(async () => {
    await createGateway(ctx, { code: "knet", currencies: ["KWD"] });
    await createUser(ctx, { username: "taken" });
  });

  it.concurrent.for<[string, string[], RegExp]>([
    ["an unknown command", ["make-coffee"], /^Unknown command: make-coffee\n\nUsage: npm run admin -- <command>/],
    ["no command at all", [], /^Usage: npm run admin -- <command> \[options\]/],
    ["a missing required option", ["create-user", "--username", "x"], /Missing required option\(s\): --password\./],
    ["an unknown option", ["add-currency", "--code", "KWD", "--decimals", "3", "--colour", "red"], /Unknown option '--colour'/],
    ["a stray positional argument", ["add-currency", "KWD", "--code", "KWD", "--decimals", "3"], /Unexpected argument 'KWD'/],
    ["a bad currency code", ["add-currency", "--code", "K1D", "--decimals", "2"], /code: Currency code must be 3 letters \(ISO 4217\)/],
    ["decimals out of range", ["add-currency", "--code", "JPY", "--decimals", "5"], /decimals: Decimals must be between 0 and 4\./],
    ["decimals that are not a number", ["add-currency", "--code", "JPY", "--decimals", "two"], /--decimals must be a whole number\./],
    ["a gateway with an unknown currency", [...gw.slice(0, -1), "XYZ"], /currencies: Not in the configured currencies list: XYZ\. Add them first/],
    ["a gateway without currencies", [...gw.slice(0, -1), ","], /currencies: List at least one currency\./],
    ["an unknown pg", ["create-gateway", "--code", "new-gw", "--pg", "paypal", "--currencies", "KWD"], /pg: pg must be one of: sandbox(, \w+)*\./],
    ["a bad operation", [...gw, "--operation", "sale"], /operation: Operation must be purchase or authorize\./],
    ["a negative fixed fee", [...gw, "--fee-fixed=-1"], /feeFixed: Fixed fee must be a non-negative number/],
    ["a garbage fixed fee", [...gw, "--fee-fixed", "1,5"], /feeFixed: Fixed fee must be a non-negative number/],
    ["a fee percent over 100", [...gw, "--fee-percent", "100.5"], /feePercent: Percentage fee must be between 0 and 100\./],
    ["a duplicate gateway code", ["create-gateway", "--code", "knet", "--pg", "sandbox", "--currencies", "KWD"], /A gateway setting with code knet already exists/],
    ["a non-http icon URL", [...gw, "--icon-url", "javascript:alert(1)"], /iconUrl: Enter a valid absolute URL starting with http/],
    ["a duplicate username", ["create-user", "--username", "taken", "--password", "long-enough-pw"], /username: A user with that username already exists\./],
    ["a short password", ["create-user", "--username", "new-user", "--password", "short"], /password: Password must have at least 8 characters\./],
    ["an unknown gateway in --gateways", [...user, "--gateways", "knet,nope"], /gatewayCodes: Unknown gateway code\(s\): nope\./],
    ["an unknown permission", [...user, "--permissions", "create,destroy"], /permissions: Permissions must be among: create, update/],
    ["an API key without a name", ["create-api-key", "--name", "  "], /name: Name is required\./],
    ["an API key with a bad expiry", ["create-api-key", "--name", "k", "--expires-in-days", "soon"], /--expires-in-days must be a whole number\./],
    ["a non-numeric key id", ["revoke-api-key", "--id", "ck_abc"], /--id must be the numeric id shown by list-api-keys\./],
    ["set-config with a bad on/off", ["set-config", "--expire-transactions", "yes"], /--expire-transactions must be on or off\./],
    ["set-config with a bad HH:MM:SS", ["set-config", "--default-expiration", "1:60:00"], /defaultExpiration: Use HH:MM:SS or D HH:MM:SS/],
    ["set-config with a zero duration", ["set-config", "--default-expiration", "00:00:00"], /greater than zero/],
    ["set-config with a non-http URL", ["set-config", "--default-redirect-url", "ftp://shop.example.com"], /defaultRedirectUrl: Enter a valid absolute URL starting with http:\/\/ or https:\/\//],
    ["set-config with a bad e-mail", ["set-config", "--support-email", "not-an-email"], /supportEmail: Enter a valid e-mail address\./],
    ["set-config with a short HMAC key", ["set-config", "--webhook-hmac-key", "short"], /webhookHmacKey: The webhook HMAC key must have at least 10 characters\./],
    ["set-config with one good and one bad option", ["set-config", "--merchant-name", "Changed", "--default-disclosure-url", "nope"], /defaultDisclosureUrl: Enter a valid absolute URL/],
    ["set-config with no options at all", ["set-config"], /Give at least one setting to change\./],
  ])("%s", async ([, args, message], { expect }) => {
    const before = await snapshot();
    const result = await runAdminCli(...args);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain("Usage: npm run admin -- ");
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(await snapshot()).toEqual(before);
  });
});
