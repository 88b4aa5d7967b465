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
  knet: [
    { name: "tranportal_id", label: "Tranportal id", required: true },
    { name: "tranportal_password", label: "Tranportal password", required: true },
    { name: "resource_key", label: "Terminal resource key", required: true },
  ],
  stripe: [
    { name: "secret_key", label: "Secret key", required: true },
    { name: "webhook_signing_secret", label: "Webhook signing secret", required: true },
  ],
  mpgs: [
    { name: "merchant_id", label: "Merchant id", required: true },
    { name: "api_password", label: "API password", required: true },
    { name: "gateway_host", label: "Gateway host (e.g. ap-gateway.mastercard.com)", required: true },
    { name: "api_version", label: "API version", required: true },
    { name: "notification_secret", label: "Webhook notification secret", required: true },
  ],
};
