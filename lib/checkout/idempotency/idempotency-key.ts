import { createHash } from "node:crypto";
import type { Caller } from "@/lib/access/auth/permissions";
import { BadRequest } from "@/lib/core/errors";

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key (or Tracking-Key) header, checked: 1–255 visible ASCII characters, or absent. */
export function readIdempotencyKey(value: string | null, header = "Idempotency-Key"): string | undefined {
  if (value === null) return undefined;
  if (!KEY.test(value)) throw new BadRequest(`${header} must be 1–255 visible ASCII characters.`);
  return value;
}

/** Keys are per caller: two API keys may use the same Idempotency-Key without meeting. */
export const callerScope = (caller: Caller) => `${caller.kind}:${caller.id}`;

/** A fingerprint of the request's meaning (parsed fields and files), not of its bytes or encoding. */
export function requestFingerprint(fields: Record<string, unknown>, files: { name: string; content: Buffer }[]): Buffer {
  const hash = createHash("sha256").update(canonical(fields));
  for (const f of files) hash.update("\0file\0").update(f.name).update("\0").update(f.content);
  return hash.digest();
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
