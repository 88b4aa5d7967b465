import { createHash, randomBytes } from "node:crypto";
import type { ApiKeyKind } from "@/db/types";

/** What a key starts with, by kind: a private key (ck_) never reaches a browser; a public one (pk_) is made to. */
export const KEY_PREFIXES: Record<ApiKeyKind, string> = { private: "ck_", public: "pk_" };

/** A new key of a kind (256 random bits), the prefix shown to administrators, and the hash we store. */
export function generateApiKey(kind: ApiKeyKind): { key: string; prefix: string; hash: Buffer } {
  const key = KEY_PREFIXES[kind] + randomBytes(32).toString("base64url");
  return { key, prefix: key.slice(0, 10), hash: hashApiKey(key) };
}

// The key is high-entropy, so a fast hash is enough and lets one indexed lookup find it.
export function hashApiKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}
