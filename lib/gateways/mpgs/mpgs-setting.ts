import type { GatewaySetting } from "@/db/types";
import { env } from "@/lib/core/env";
import { GatewayUnavailable } from "@/lib/core/errors";
import { usableCredentials } from "@/lib/gateways/usable-credentials";

/** What the acquiring bank gives a merchant for MPGS, in clear. */
export interface MpgsCredentials {
  merchantId: string;
  password: string;
  host: string;
  version: number;
  notificationSecret: string;
}

// INITIATE_CHECKOUT (with interaction.operation PURCHASE) exists from API version 63 on; earlier ones had
// CREATE_CHECKOUT_SESSION, which this adapter does not speak.
const OLDEST_VERSION = 63;
// A region's gateway host (ap-gateway.mastercard.com, eu-gateway…, test-gateway…) or a bank's own
// (test-nbkpayment.mtf.gateway.mastercard.com): a bare host name, no scheme, path or port.
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const MERCHANT_ID = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * What is wrong with MPGS credentials about to be saved, by their form only (no call to the gateway). A test
 * merchant id starts with TEST (MPGS's simulator): it belongs with a sandbox setting, a live one with production.
 */
export function mpgsCredentialErrors(values: Record<string, string>, setting: { sandbox: boolean }): Record<string, string> {
  const errors: Record<string, string> = {};
  const id = values.merchant_id;
  if (id !== undefined) {
    if (!MERCHANT_ID.test(id)) errors.merchant_id = "Enter the merchant id MPGS gave you (letters, digits, - and _), without the merchant. prefix.";
    else if (setting.sandbox !== id.toUpperCase().startsWith("TEST")) {
      errors.merchant_id = setting.sandbox
        ? "This setting is in sandbox mode: enter the test merchant id (TEST…), or switch the setting to production."
        : "This setting is in production mode: a TEST… merchant id only reaches MPGS's simulator; switch the setting to sandbox.";
    }
  }
  if (values.api_password !== undefined && !/^\S{16,}$/.test(values.api_password)) {
    errors.api_password = "Enter the API password generated under Admin → Integration Settings in MPGS's Merchant Administration (at least 16 characters, no spaces).";
  }
  if (values.gateway_host !== undefined && !HOST.test(values.gateway_host)) {
    errors.gateway_host = "Enter the gateway's host name only, e.g. ap-gateway.mastercard.com or test-gateway.mastercard.com (no https://, no path).";
  }
  if (values.api_version !== undefined && !(/^\d{2,3}$/.test(values.api_version) && Number(values.api_version) >= OLDEST_VERSION)) {
    errors.api_version = `Enter the REST API version, a number from ${OLDEST_VERSION} on (Hosted Checkout's INITIATE_CHECKOUT), e.g. 100.`;
  }
  if (values.notification_secret !== undefined && values.notification_secret.length < 16) {
    errors.notification_secret = "Enter the webhook notification secret shown under Admin → Webhook Notifications in Merchant Administration.";
  }
  return errors;
}

/**
 * An MPGS setting's credentials in clear. Unreadable or malformed ones are the merchant's configuration, never the
 * customer's fault: GatewayUnavailable, with no secret in the message.
 */
export function mpgsCredentials(gateway: GatewaySetting): MpgsCredentials {
  const { merchant_id = "", api_password = "", gateway_host = "", api_version = "", notification_secret = "" } = usableCredentials(gateway);
  const wrong = Object.keys(mpgsCredentialErrors({ merchant_id, api_password, gateway_host, api_version, notification_secret }, { sandbox: gateway.is_sandbox }));
  if (wrong.length > 0) throw new GatewayUnavailable(`Gateway setting ${gateway.code} has unusable MPGS credentials (${wrong.join(", ")}); enter them in the panel.`, "credentials unusable");
  return { merchantId: merchant_id, password: api_password, host: gateway_host, version: Number(api_version), notificationSecret: notification_secret };
}

/** The gateway's origin: the credentials' host over https (MPGS_BASE_URL replaces it, for tests). */
export const mpgsOrigin = (credentials: MpgsCredentials): string => (env.MPGS_BASE_URL ?? `https://${credentials.host}`).replace(/\/+$/, "");

/** The merchant's REST resource, under which sessions and orders live. */
export const mpgsMerchantUrl = (credentials: MpgsCredentials): string =>
  `${mpgsOrigin(credentials)}/api/rest/version/${credentials.version}/merchant/${encodeURIComponent(credentials.merchantId)}`;
