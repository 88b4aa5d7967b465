import { createHmac, timingSafeEqual } from "node:crypto";

// The sandbox signs a message as HMAC-SHA256 over its sorted `key=value` pairs joined by "&", in hex.
function digest(secret: string, params: Record<string, string>): string {
  const text = Object.keys(params)
    .filter((k) => k !== "signature")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
  return createHmac("sha256", secret).update(text).digest("hex");
}

export function signSandboxMessage(secret: string, params: Record<string, string>): Record<string, string> {
  return { ...params, signature: digest(secret, params) };
}

export function hasValidSignature(secret: string, params: Record<string, string>): boolean {
  const given = Buffer.from(params.signature ?? "", "utf8");
  const expected = Buffer.from(digest(secret, params), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
