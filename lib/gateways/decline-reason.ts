/**
 * Why a card was declined, in a few reasons a customer can act on. Gateways say it in their own codes: the
 * sandbox and KNET give the issuer's ISO 8583 response code (`responsecode`), Stripe a `decline_code` (or the
 * error's `code`). Anything else is the plain "try another card".
 */
export type DeclineReason = "insufficient_funds" | "card_expired" | "check_details" | "try_later" | "another_card";

const CODES: Record<string, DeclineReason> = {
  // ISO 8583 response codes
  "51": "insufficient_funds",
  "61": "insufficient_funds", // over the withdrawal limit
  "65": "insufficient_funds", // over the withdrawal count
  "33": "card_expired",
  "54": "card_expired",
  "14": "check_details", // no such card number
  "55": "check_details", // wrong PIN
  "82": "check_details", // wrong CVV
  N7: "check_details", // wrong CVV2
  "19": "try_later",
  "68": "try_later",
  "91": "try_later", // issuer unavailable
  "96": "try_later", // system malfunction
  // Stripe's decline codes
  insufficient_funds: "insufficient_funds",
  card_velocity_exceeded: "insufficient_funds",
  withdrawal_count_limit_exceeded: "insufficient_funds",
  expired_card: "card_expired",
  incorrect_cvc: "check_details",
  invalid_cvc: "check_details",
  incorrect_number: "check_details",
  invalid_number: "check_details",
  invalid_expiry_month: "check_details",
  invalid_expiry_year: "check_details",
  incorrect_zip: "check_details",
  processing_error: "try_later",
  issuer_not_available: "try_later",
  try_again_later: "try_later",
};

/** The reason for a declined payment, from the gateway's answer as stored on the attempt. */
export function declineReason(gatewayResponse: Record<string, unknown> | null): DeclineReason {
  const code = gatewayResponse?.decline_code ?? gatewayResponse?.responsecode;
  return (typeof code === "string" && Object.hasOwn(CODES, code) ? CODES[code] : undefined) ?? "another_card";
}
