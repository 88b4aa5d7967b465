import { createHmac } from "node:crypto";

/**
 * Standard Webhooks headers: a stable id (the event id, for the receiver's dedupe), the send time and
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per signing key, space-separated as the specification allows
 * (during a key rotation receivers holding either key can verify), so receivers can also refuse replays by age.
 */
export function standardWebhookHeaders(hmacKeys: string[], id: string, body: string, now = new Date()) {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const headers: Record<string, string> = { "webhook-id": id, "webhook-timestamp": timestamp };
  const signatures = hmacKeys.map(
    (key) => `v1,${createHmac("sha256", Buffer.from(key, "utf8")).update(`${id}.${timestamp}.${body}`).digest("base64")}`,
  );
  if (signatures.length > 0) headers["webhook-signature"] = signatures.join(" ");
  return headers;
}
