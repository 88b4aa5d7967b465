import { afterEach, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/core/env";

// Admin passwords are hashed with scrypt at PASSWORD_HASH_COST (log2 N). The other tests run at 10 for speed; this
// one loads the module as production does, with the variable unset.

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function passwordModule(cost: string | undefined) {
  vi.stubEnv("PASSWORD_HASH_COST", cost);
  vi.resetModules();
  return import("@/lib/access/auth/password");
}

it("hashes at N = 2^15 by default, and each hash records its own cost", async () => {
  const { hashPassword, verifyPassword, UNMATCHABLE_HASH } = await passwordModule(undefined);
  const stored = await hashPassword("correct horse");
  expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
  expect(UNMATCHABLE_HASH.startsWith("scrypt$32768$8$1$")).toBe(true);
  expect(await verifyPassword("correct horse", stored)).toBe(true);
  expect(await verifyPassword("correct horsE", stored)).toBe(false);
});

it("verifies a hash made at another cost, so changing the setting never locks anyone out", async () => {
  const cheap = await (await passwordModule("10")).hashPassword("s3cret");
  expect(cheap.startsWith("scrypt$1024$")).toBe(true);
  const { verifyPassword } = await passwordModule("15");
  expect(await verifyPassword("s3cret", cheap)).toBe(true);
  expect(await verifyPassword("secret", cheap)).toBe(false);
});

it("refuses a cost outside 10-20 at start-up", () => {
  expect(() => parseEnv({ PASSWORD_HASH_COST: "9" })).toThrow(/PASSWORD_HASH_COST/);
  expect(() => parseEnv({ PASSWORD_HASH_COST: "21" })).toThrow(/PASSWORD_HASH_COST/);
});
