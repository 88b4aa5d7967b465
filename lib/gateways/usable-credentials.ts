import type { GatewaySetting } from "@/db/types";
import { CredentialsKeyError, decryptCredentials } from "@/lib/core/crypto/credentials-cipher";
import { GatewayUnavailable } from "@/lib/core/errors";

/**
 * A setting's credentials in clear for an adapter that needs them. Unreadable ones (a wrong CREDENTIALS_KEY) are
 * the merchant's configuration, never the customer's fault: GatewayUnavailable, with no secret in the message.
 */
export function usableCredentials(gateway: GatewaySetting): Record<string, string> {
  try {
    return decryptCredentials(gateway);
  } catch (error) {
    if (error instanceof CredentialsKeyError) throw new GatewayUnavailable(error.message, "credentials unusable");
    throw error;
  }
}
