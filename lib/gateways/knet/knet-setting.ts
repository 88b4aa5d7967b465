import type { GatewaySetting } from "@/db/types";
import { env } from "@/lib/core/env";
import { GatewayUnavailable } from "@/lib/core/errors";
import { usableCredentials } from "@/lib/gateways/usable-credentials";
import { KNET_HOSTS, type KnetCredentials } from "./payment-request";

/** What is wrong with KNET credentials about to be saved, by their form: the resource key is an AES-128 key. */
export function knetCredentialErrors(values: Record<string, string>): Record<string, string> {
  const key = values.resource_key;
  if (key === undefined || Buffer.byteLength(key, "utf8") === 16) return {};
  return { resource_key: `The terminal resource key must be 16 characters (the bank's AES-128 key); this one has ${Buffer.byteLength(key, "utf8")}.` };
}

/**
 * A KNET setting's credentials in clear. Unreadable ones (a wrong CREDENTIALS_KEY) or a resource key of the wrong
 * length are the merchant's configuration, never the customer's fault: GatewayUnavailable, with no secret in it.
 */
export function knetCredentials(gateway: GatewaySetting): KnetCredentials {
  const { tranportal_id: tranportalId, tranportal_password: password, resource_key: resourceKey = "" } = usableCredentials(gateway);
  const problems = Object.values(knetCredentialErrors({ resource_key: resourceKey }));
  if (!tranportalId || !password) problems.push("The Tranportal id and password are not both set.");
  if (problems.length > 0 || !tranportalId || !password) throw new GatewayUnavailable(`Gateway setting ${gateway.code}: ${problems.join(" ")}`, "credentials unusable");
  return { tranportalId, password, resourceKey };
}

/** KNET's test or production host, by the setting's mode (KNET_BASE_URL replaces both, for tests). */
export const knetHost = (gateway: GatewaySetting): string =>
  (env.KNET_BASE_URL ?? (gateway.is_sandbox ? KNET_HOSTS.test : KNET_HOSTS.production)).replace(/\/+$/, "");

/**
 * Where KNET's server posts the result (its response leg) and where it sends the browser when it cannot take the
 * payment at all. Both name the attempt: an error leg has no trandata to read it from.
 */
export const knetResponseUrl = (reference: string) => `${env.APP_URL}/b/checkout/gateway/knet/callback/?trackid=${reference}`;
export const knetErrorUrl = (reference: string) => `${env.APP_URL}/b/checkout/gateway/knet/return/?trackid=${reference}`;
