import { createHmac } from "node:crypto";

/** The fields the interface's webhook signature covers, when present and non-empty. */
export const SIGNED_FIELDS = [
  "amount",
  "currency_code",
  "customer_address_city",
  "customer_address_country",
  "customer_address_line1",
  "customer_address_line2",
  "customer_address_postal_code",
  "customer_address_state",
  "customer_email",
  "customer_first_name",
  "customer_last_name",
  "customer_phone",
  "gateway_account",
  "gateway_name",
  "order_no",
  "reference_number",
  "result",
  "state",
] as const;

/**
 * HMAC-SHA256 (lower-case hex) keyed with the webhook HMAC key, over `key` + `value` of the signed fields that
 * are present and non-empty, concatenated in sorted key order — the scheme the interface's clients verify.
 */
export function signPayment(hmacKey: string, payload: Record<string, unknown>): string {
  const message = [...SIGNED_FIELDS]
    .sort()
    .filter((k) => payload[k] !== undefined && payload[k] !== null && payload[k] !== "")
    .map((k) => `${k}${String(payload[k])}`)
    .join("");
  return createHmac("sha256", hmacKey).update(message).digest("hex");
}
