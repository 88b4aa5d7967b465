import { createHmac } from "node:crypto";

/**
 * Standard Webhooks headers: a stable id (the event id, for the receiver's dedupe), the send time and
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, so receivers can also refuse replays by age.
 */
export function standardWebhookHeaders(hmacKey: string | null, id: string, body: string, now = new Date()) {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const headers: Record<string, string> = { "webhook-id": id, "webhook-timestamp": timestamp };
  if (hmacKey) {
    const signature = createHmac("sha256", Buffer.from(hmacKey, "utf8")).update(`${id}.${timestamp}.${body}`).digest("base64");
    headers["webhook-signature"] = `v1,${signature}`;
  }
  return headers;
}
