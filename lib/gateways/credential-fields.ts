import type { KnownPg } from "./known-gateways";

export interface CredentialField {
  /** The key in the encrypted credentials, e.g. "tranportal_password". */
  name: string;
  label: string;
  required: boolean;
}

/**
 * The credentials each gateway's adapter needs; the panel shows one field for each. A new adapter adds its line,
 * e.g. knet: [tranportal_id, tranportal_password, resource_key], stripe: [secret_key, webhook_signing_secret].
 * (The sandbox needs none: its merchant id is optional and only exercises the path.)
 */
export const CREDENTIAL_FIELDS: Record<KnownPg, readonly CredentialField[]> = {
  sandbox: [{ name: "merchant_id", label: "Merchant id", required: false }],
  stripe: [
    { name: "secret_key", label: "Secret key", required: true },
    { name: "webhook_signing_secret", label: "Webhook signing secret", required: true },
  ],
};
