import Stripe from "stripe";
import type { GatewaySetting } from "@/db/types";
import { decryptCredentials } from "@/lib/core/crypto/credentials-cipher";
import { env } from "@/lib/core/env";
import { GatewayUnavailable } from "@/lib/core/errors";
import { stripeKeyMode } from "./stripe-keys";

// STRIPE_API_URL moves the SDK to another address (tests: a local stand-in); Stripe's own otherwise.
function apiAddress(): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!env.STRIPE_API_URL) return {};
  const url = new URL(env.STRIPE_API_URL);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return { host: url.hostname, port: url.port || (protocol === "https" ? 443 : 80), protocol };
}

/**
 * The Stripe SDK for a gateway setting, with its secret key. A setting without a usable key, or whose key's mode
 * (test or live) is not the setting's, is unavailable: the reason is for the log and the panel and names no secret.
 */
export function stripeFor(gateway: GatewaySetting): Stripe {
  const key = decryptCredentials(gateway).secret_key ?? "";
  const mode = stripeKeyMode(key);
  if (!mode) throw new GatewayUnavailable(`Gateway setting ${gateway.code} has no Stripe secret key; enter it in the panel.`, "credentials unusable");
  if ((mode === "test") !== gateway.is_sandbox) {
    throw new GatewayUnavailable(`Gateway setting ${gateway.code} is in ${gateway.is_sandbox ? "sandbox" : "production"} mode but its Stripe key is a ${mode} key.`, "credentials unusable");
  }
  // One quick retry (the SDK sends the same idempotency key again); a customer waits on the payment page meanwhile.
  return new Stripe(key, { maxNetworkRetries: 1, timeout: env.GATEWAY_TIMEOUT_SECONDS * 1000, telemetry: false, ...apiAddress() });
}

/** The webhook endpoint's signing secret of a gateway setting ("" when it has none). */
export const webhookSecretOf = (gateway: GatewaySetting): string => decryptCredentials(gateway).webhook_signing_secret ?? "";

/**
 * Why Stripe could not be used (unreachable, refusing the key, overloaded) and its gist for the timeline, or null for
 * an answer about the request itself.
 */
function unavailability(error: unknown): [why: string, reason: string] | null {
  if (error instanceof Stripe.errors.StripeConnectionError) return ["could not be reached", "unreachable"];
  if (error instanceof Stripe.errors.StripeAuthenticationError) return ["refused the secret key (401); check it in the panel", "credentials refused"];
  if (error instanceof Stripe.errors.StripePermissionError) return ["refused the key's permissions (403)", "credentials refused"];
  if (error instanceof Stripe.errors.StripeRateLimitError) return ["asked to slow down (429)", "HTTP 429"];
  if (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 500) >= 500) return [`answered ${error.statusCode ?? "an error"}`, `HTTP ${error.statusCode ?? 500}`];
  return null;
}

/**
 * A call to Stripe: unreachable, refusing our key or failing on its side → GatewayUnavailable (a payment's customer
 * goes back to the payment page; an operation stays pending). Stripe's answers about the request itself (card
 * declined, invalid request) are thrown as they are.
 */
export async function callStripe<T>(gateway: GatewaySetting, doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const unavailable = unavailability(error);
    if (unavailable) throw new GatewayUnavailable(`Stripe ${unavailable[0]} (gateway setting ${gateway.code}, ${doing}).`, unavailable[1]);
    throw error;
  }
}

/** Stripe's own refusal of a request (a card error, an invalid request), whose message may be shown. */
export const isStripeRefusal = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError;
