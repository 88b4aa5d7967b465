import { createHash, randomBytes } from "node:crypto";

const PREFIX = "ck_";

/** A new private key (256 random bits), the prefix shown to administrators, and the hash we store. */
export function generateApiKey(): { key: string; prefix: string; hash: Buffer } {
  const key = PREFIX + randomBytes(32).toString("base64url");
  return { key, prefix: key.slice(0, 10), hash: hashApiKey(key) };
}

// The key is high-entropy, so a fast hash is enough and lets one indexed lookup find it.
export function hashApiKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}
