import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CredentialsKeyError, credentialsKeyId, decryptCredentials, encryptCredentials } from "@/lib/core/crypto/credentials-cipher";
import { credentialsKey } from "@/lib/core/crypto/credentials-keyring";
import { runScript } from "../support/run-script";

// Gateway credentials at rest: AES-256-GCM under CREDENTIALS_KEY, each ciphertext naming its key; the previous
// key still reads during a rotation; any other key, or an altered ciphertext, is a clear error.

const A = Buffer.alloc(32, 1).toString("base64");
const B = Buffer.alloc(32, 2).toString("base64");
const C = Buffer.alloc(32, 3).toString("base64");
const ring = (current: string, previous?: string) => ({ current: credentialsKey(current), previous: previous ? credentialsKey(previous) : null });
const idOf = (key: string) => credentialsKey(key).id.toString("hex");
const VALUES = { tranportal_id: "tranportal-1234", tranportal_password: "pa55word-secret" };

describe("gateway credentials encryption", () => {
  it("round-trips, hides the values, and names its key", () => {
    const sealed = encryptCredentials(VALUES, ring(A));
    expect(sealed.includes(Buffer.from("tranportal-1234"))).toBe(false);
    expect(sealed.includes(Buffer.from("pa55word"))).toBe(false);
    expect(credentialsKeyId(sealed)).toBe(idOf(A));
    expect(decryptCredentials({ code: "knet", credentials: sealed }, ring(A))).toEqual(VALUES);
    // A new IV each time: the same values never encrypt the same way twice.
    expect(encryptCredentials(VALUES, ring(A)).equals(sealed)).toBe(false);
  });

  it("reads none from a gateway that has none", () => {
    expect(decryptCredentials({ code: "plain", credentials: null }, ring(A))).toEqual({});
  });

  it("reads with the previous key during a rotation", () => {
    const sealed = encryptCredentials(VALUES, ring(A));
    expect(decryptCredentials({ code: "knet", credentials: sealed }, ring(B, A))).toEqual(VALUES);
  });

  it("names the keys when neither the current nor the previous one made the ciphertext", () => {
    const sealed = encryptCredentials(VALUES, ring(A));
    const read = () => decryptCredentials({ code: "knet", credentials: sealed }, ring(B, C));
    expect(read).toThrow(CredentialsKeyError);
    expect(read).toThrow(
      `The credentials of gateway setting knet were encrypted with key ${idOf(A)}, which is neither CREDENTIALS_KEY (key ${idOf(B)}) nor CREDENTIALS_KEY_PREVIOUS (key ${idOf(C)}). Set the key they were saved with.`,
    );
    expect(() => decryptCredentials({ code: "knet", credentials: sealed }, ring(B))).toThrow(/nor CREDENTIALS_KEY_PREVIOUS \(unset\)/);
  });

  it("refuses an altered ciphertext, or one with the key id changed", () => {
    const sealed = encryptCredentials(VALUES, ring(A));
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => decryptCredentials({ code: "knet", credentials: altered }, ring(A))).toThrow(
      `The credentials of gateway setting knet do not decrypt with key ${idOf(A)}: they were altered, or the key is not the one they were saved with.`,
    );
    const relabelled = Buffer.concat([sealed.subarray(0, 1), credentialsKey(B).id, sealed.subarray(5)]);
    expect(() => decryptCredentials({ code: "knet", credentials: relabelled }, ring(B))).toThrow(CredentialsKeyError);
    expect(() => decryptCredentials({ code: "knet", credentials: Buffer.from("garbage") }, ring(A))).toThrow(/not in a format/);
  });
});

describe("the logger", () => {
  it("censors credentials wherever a gateway setting is logged", async () => {
    const result = await runScript("test/support/log-line.ts", [JSON.stringify({ credentials: VALUES, gateway: { code: "knet", credentials: VALUES } })], { LOG_LEVEL: "info" });
    expect(JSON.parse(result.stdout)).toMatchObject({ credentials: "[redacted]", gateway: { code: "knet", credentials: "[redacted]" } });
    expect(result.stdout).not.toMatch(/tranportal-1234|pa55word/);
  });
});

describe("the credentials key", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it("unset, is generated once in DATA_DIR (readable by its owner only) and kept, and printed nowhere", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "credentials-key-"));
    dirs.push(dataDir);
    const first = await runScript("test/support/credentials-key-id.ts", [], { DATA_DIR: dataDir, CREDENTIALS_KEY: "" });
    const second = await runScript("test/support/credentials-key-id.ts", [], { DATA_DIR: dataDir, CREDENTIALS_KEY: "" });
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(second.stdout).toBe(first.stdout);
    const file = path.join(dataDir, "credentials-key");
    const key = (await readFile(file, "utf8")).trim();
    expect(Buffer.from(key, "base64")).toHaveLength(32);
    expect(`${idOf(key)}\n`).toBe(first.stdout);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("set, is used as given", async () => {
    expect((await runScript("test/support/credentials-key-id.ts", [], { CREDENTIALS_KEY: B })).stdout).toBe(`${idOf(B)}\n`);
  });

  it.each(["CREDENTIALS_KEY", "CREDENTIALS_KEY_PREVIOUS"])("%s that is not 32 bytes of base64 stops the process, without repeating it", async (name) => {
    const wrong = Buffer.alloc(16, 9).toString("base64");
    const result = await runScript("test/support/credentials-key-id.ts", [], { [name]: wrong });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${name}: must be 32 random bytes in base64 (openssl rand -base64 32)`);
    expect(result.stderr).not.toContain(wrong);
  });
});
