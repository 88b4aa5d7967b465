import type { Twilio } from "twilio";
import { env } from "@/lib/core/env";
import { isPermanentStatus, ProviderError } from "./provider-error";

const TIMEOUT_MS = 15_000;

let client: Twilio | undefined;

/**
 * The Twilio client. TWILIO_BASE_URL replaces the base URL of Twilio's `api` domain (https://api.twilio.com,
 * where Messages live) — a stand-in in tests; unset, the SDK's own default is left untouched.
 */
export async function twilio(): Promise<Twilio> {
  if (!client) {
    const { default: createClient } = await import("twilio");
    const created = createClient(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, { timeout: TIMEOUT_MS });
    if (env.TWILIO_BASE_URL) created.api.baseUrl = env.TWILIO_BASE_URL.replace(/\/+$/, "");
    client = created;
  }
  return client;
}

/** E.164 wants a leading +; the checkout interface allows the international number without it. */
export const e164 = (phone: string) => (phone.startsWith("+") ? phone : `+${phone}`);

/** TWILIO_FROM is a number or a Messaging Service SID (MG…). */
export const sender = (): { from: string } | { messagingServiceSid: string } => {
  const from = env.TWILIO_FROM!;
  return from.startsWith("MG") ? { messagingServiceSid: from } : { from };
};

/** A Twilio SDK error as our ProviderError: permanent for a refusal of the request itself, unless `alwaysTemporary`. */
export function twilioError(error: unknown, alwaysTemporary = false): ProviderError {
  const e = error as { status?: number; code?: number | string; message?: string };
  const status = typeof e.status === "number" ? e.status : null;
  const detail = `${status ?? "no response"}${e.code ? ` (code ${e.code})` : ""}: ${e.message ?? "request failed"}`;
  return new ProviderError("twilio", detail, !alwaysTemporary && isPermanentStatus(status));
}
