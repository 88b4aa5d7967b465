import type { GatewaySetting } from "@/db/types";
import type { GatewayMessage, VerifiedMessage } from "@/lib/gateways/adapter";
import { logger } from "@/lib/core/log/logger";
import { knetCredentials } from "./knet-setting";
import { readKnetResponse } from "./payment-result";

/** The attempt a KNET message points at: the track id in our own URL's query, or KNET's clear copy of it. */
export const knetReferenceOf = ({ params }: GatewayMessage): string | null => params.trackid || null;

/**
 * A KNET message we may act on. The response leg counts only when its trandata decrypts with the setting's
 * resource key and names the same attempt; KNET gives no message id, so its payment id and result word make one
 * (a replay of the same post is refused). The error leg (clear `Error`/`ErrorText`, no trandata: KNET could not
 * take the payment) cannot be authenticated, but it only makes us ask KNET, whose answer alone settles anything.
 */
export function verifyKnetMessage(gateway: GatewaySetting, message: GatewayMessage): VerifiedMessage | null {
  const reference = knetReferenceOf(message);
  if (!reference) return null;
  const read = readKnetResponse(knetCredentials(gateway).resourceKey, message.params);
  if (!read || (read.trackId !== null && read.trackId !== reference)) return null;
  const { gatewayResponse } = read.result;
  if (read.verified) {
    return { messageId: `${gatewayResponse.paymentid ?? ""}:${gatewayResponse.result}`, issuedAt: new Date(), referenceNumber: reference, outcome: read.result.outcome };
  }
  logger.warn({ reference, gateway: gateway.code, error: gatewayResponse.Error, errorText: gatewayResponse.ErrorText }, "KNET could not take a payment");
  return {
    messageId: `error:${reference}:${gatewayResponse.Error ?? ""}:${gatewayResponse.paymentid ?? ""}`,
    issuedAt: new Date(),
    referenceNumber: reference,
    outcome: "error",
  };
}
