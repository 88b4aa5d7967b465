import { createHash } from "node:crypto";
import { env } from "@/lib/core/env";

// Basic auth sends the password on every call; a full scrypt per request would cap throughput. A verified
// credential is remembered briefly, tied to the stored hash it matched, so a password change ends it at once.
const MAX_ENTRIES = 10_000;
const entries = new Map<string, { passwordHash: string; expires: number }>();

const keyOf = (username: string, password: string) =>
  createHash("sha256").update(username).update("\0").update(password).digest("base64");

export function isRecentlyVerified(username: string, password: string, passwordHash: string): boolean {
  const entry = entries.get(keyOf(username, password));
  return entry !== undefined && entry.passwordHash === passwordHash && entry.expires > Date.now();
}

export function rememberVerified(username: string, password: string, passwordHash: string): void {
  if (env.BASIC_AUTH_CACHE_SECONDS === 0) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(keyOf(username, password), { passwordHash, expires: Date.now() + env.BASIC_AUTH_CACHE_SECONDS * 1000 });
}
