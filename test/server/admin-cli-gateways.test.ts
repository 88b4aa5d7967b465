import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CredentialsKeyError, decryptCredentials } from "@/lib/core/crypto/credentials-cipher";
import { credentialsKey } from "@/lib/core/crypto/credentials-keyring";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { createCurrency } from "../support/factories";
import { runAdminCli, runScript } from "../support/run-script";
import { testContext } from "../support/test-context";

// The gateway commands of the admin CLI: update-gateway, enable-gateway / disable-gateway, and the key rotation
// (rotate-credentials-key re-encrypts every gateway's credentials with CREDENTIALS_KEY, or changes nothing).
// The commands run in this process (runAdminCli) with this file's CREDENTIALS_KEY; the rotation runs the real
// process, whose environment names other keys (read once per process).

const A = Buffer.alloc(32, 11).toString("base64");
const B = Buffer.alloc(32, 12).toString("base64");
const C = Buffer.alloc(32, 13).toString("base64");
vi.hoisted(() => {
  process.env.CREDENTIALS_KEY = Buffer.alloc(32, 11).toString("base64");
});

const ctx = testContext();
const cli = (args: string[]) => runAdminCli(...args);
const rotate = (keys: { current: string; previous: string }) =>
  runScript("server/admin.ts", ["rotate-credentials-key"], { CREDENTIALS_KEY: keys.current, CREDENTIALS_KEY_PREVIOUS: keys.previous });
const gateway = (code: string) => ctx.db.selectFrom("gateway_settings").selectAll().where("code", "=", code).executeTakeFirstOrThrow();
const ring = (current: string) => ({ current: credentialsKey(current), previous: null });
const idOf = (key: string) => credentialsKey(key).id.toString("hex");

beforeAll(async () => {
  for (const code of ["KWD", "USD"]) await createCurrency(ctx, { code });
  await createGatewaySetting({ ctx, input: { code: "knet", pg: "sandbox", currencies: ["KWD"], credentials: { merchant_id: "merchant-knet-1" } } });
  await createGatewaySetting({ ctx, input: { code: "card", pg: "sandbox", currencies: ["KWD"], credentials: { merchant_id: "merchant-card-2" } } });
  await createGatewaySetting({ ctx, input: { code: "plain", pg: "sandbox", currencies: ["KWD"], iconUrl: "https://cdn.example/p.svg" } });
});

describe("admin CLI gateway commands", () => {
  it("update-gateway changes only the fields given; an empty --icon-url removes it", async () => {
    const result = await cli(["update-gateway", "--code", "plain", "--currencies", "KWD,usd", "--fee-percent", "2", "--mode", "production", "--icon-url", ""]);
    expect(result).toMatchObject({ code: 0, stderr: "", stdout: "Gateway setting plain (sandbox, purchase, KWD, USD) saved.\n" });
    expect(await gateway("plain")).toMatchObject({ name: "plain", currencies: ["KWD", "USD"], fee_percent: "2.0000", is_sandbox: false, icon_url: null, priority: 0 });
  });

  it("update-gateway --priority sets the failover priority; a fraction or one out of range is refused", async () => {
    expect(await cli(["update-gateway", "--code", "card", "--priority", "7"])).toMatchObject({ code: 0 });
    expect(await gateway("card")).toMatchObject({ priority: 7 });
    for (const wrong of ["1.5", "1001"]) {
      const refused = await cli(["update-gateway", "--code", "card", "--priority", wrong]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/Priority must be/);
    }
    expect(await gateway("card")).toMatchObject({ priority: 7 });
  });

  it("update-gateway --new-code renames a gateway setting no transaction uses", async () => {
    expect(await cli(["update-gateway", "--code", "plain", "--new-code", "plain-2", "--name", "Plain"])).toMatchObject({ code: 0 });
    expect(await gateway("plain-2")).toMatchObject({ name: "Plain" });
  });

  it.each<[string, string[], number, RegExp]>([
    ["no change", ["update-gateway", "--code", "knet"], 2, /^Give at least one field to change\./],
    ["a bad value", ["update-gateway", "--code", "knet", "--fee-fixed", "x", "--currencies", "XYZ"], 2, /feeFixed: Fixed fee must be a non-negative number/],
    ["an unknown code", ["update-gateway", "--code", "nope", "--name", "N"], 1, /^No gateway setting with code nope\.\n$/],
    ["enabling an unknown code", ["enable-gateway", "--code", "nope"], 1, /^No gateway setting with code nope\.\n$/],
  ])("refuses %s, writing nothing", async (_what, args, code, message) => {
    const before = await ctx.db.selectFrom("gateway_settings").selectAll().orderBy("code").execute();
    const result = await cli(args);
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(await ctx.db.selectFrom("gateway_settings").selectAll().orderBy("code").execute()).toEqual(before);
  });

  it("--credentials-file sets credentials from a JSON file, never echoing them; a bad file is a usage error", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "cli-credentials-"));
    const good = path.join(dir, "good.json");
    await writeFile(good, JSON.stringify({ merchant_id: "merchant-from-file-9" }));
    const created = await cli(["create-gateway", "--code", "filed", "--pg", "sandbox", "--currencies", "KWD", "--credentials-file", good]);
    expect(created).toMatchObject({ code: 0, stderr: "" });
    expect(created.stdout).not.toContain("merchant-from-file-9");
    expect(decryptCredentials(await gateway("filed"), ring(A))).toEqual({ merchant_id: "merchant-from-file-9" });
    await writeFile(good, JSON.stringify({ merchant_id: "merchant-from-file-10" }));
    expect(await cli(["update-gateway", "--code", "filed", "--credentials-file", good])).toMatchObject({ code: 0 });
    expect(decryptCredentials(await gateway("filed"), ring(A))).toEqual({ merchant_id: "merchant-from-file-10" });

    const before = await gateway("filed");
    for (const [content, message] of [
      ["{not json", /--credentials-file .*bad\.json: /],
      [JSON.stringify({ merchant_id: 7 }), /must be a JSON object of strings/],
      [JSON.stringify(["merchant_id"]), /must be a JSON object of strings/],
    ] as const) {
      await writeFile(path.join(dir, "bad.json"), content);
      const refused = await cli(["update-gateway", "--code", "filed", "--credentials-file", path.join(dir, "bad.json")]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(message);
    }
    expect((await cli(["update-gateway", "--code", "filed", "--credentials-file", path.join(dir, "missing.json")])).code).toBe(2);
    expect(await gateway("filed")).toEqual(before);
    await ctx.db.deleteFrom("gateway_settings").where("code", "=", "filed").execute(); // the rotation below counts the others
  });

  it("disable-gateway and enable-gateway", async () => {
    expect(await cli(["disable-gateway", "--code", "card"])).toMatchObject({ code: 0, stdout: "Gateway setting card disabled.\n" });
    expect(await gateway("card")).toMatchObject({ enabled: false });
    expect(await cli(["enable-gateway", "--code", "card"])).toMatchObject({ code: 0, stdout: "Gateway setting card enabled.\n" });
    expect(await gateway("card")).toMatchObject({ enabled: true });
  });
});

describe("rotating the credentials key", () => {
  it("re-encrypts every gateway's credentials with the new key, reading the old ones with the previous key", async () => {
    const result = await rotate({ current: B, previous: A });
    expect(result).toMatchObject({
      code: 0,
      stderr: "",
      stdout: `Re-encrypted the credentials of 2 gateway setting(s) (knet, card) with key ${idOf(B)}; 0 already used it.\n`,
    });
    const knet = await gateway("knet");
    expect(decryptCredentials(knet, ring(B))).toEqual({ merchant_id: "merchant-knet-1" });
    expect(decryptCredentials(await gateway("card"), ring(B))).toEqual({ merchant_id: "merchant-card-2" });
    // The old key alone no longer reads them.
    expect(() => decryptCredentials(knet, ring(A))).toThrow(CredentialsKeyError);
    // Run again, there is nothing left to do.
    expect((await rotate({ current: B, previous: A })).stdout).toBe(
      `Re-encrypted the credentials of 0 gateway setting(s) with key ${idOf(B)}; 2 already used it.\n`,
    );
  });

  it("with a key that reads none of them, says so, exits 1 and changes nothing", async () => {
    const before = await ctx.db.selectFrom("gateway_settings").select(["code", "credentials"]).orderBy("code").execute();
    const result = await rotate({ current: C, previous: A });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `The credentials of gateway setting knet were encrypted with key ${idOf(B)}, which is neither CREDENTIALS_KEY (key ${idOf(C)}) nor CREDENTIALS_KEY_PREVIOUS (key ${idOf(A)}). Set the key they were saved with. Nothing was changed.\n`,
    );
    expect(await ctx.db.selectFrom("gateway_settings").select(["code", "credentials"]).orderBy("code").execute()).toEqual(before);
  });
});
