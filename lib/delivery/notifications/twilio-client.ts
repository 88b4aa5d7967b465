import type { Twilio } from "twilio";
import { env } from "@/lib/core/env";
import type { TwilioChannel } from "./channels";
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

const WHATSAPP = "whatsapp:";

/** The customer's address on the channel: the E.164 number, prefixed "whatsapp:" for WhatsApp. */
export const twilioRecipient = (channel: TwilioChannel, phone: string) => (channel === "whatsapp" ? `${WHATSAPP}${e164(phone)}` : e164(phone));

/** The channel's sender setting, configured (send-message.ts checks) : a number or a Messaging Service SID (MG…). */
export const senderSetting = (channel: TwilioChannel) => (channel === "whatsapp" ? env.TWILIO_WHATSAPP_FROM : env.TWILIO_FROM);

/**
 * The sender: a Messaging Service SID as such (it picks its own sender for the channel), else the number, which
 * for WhatsApp is addressed "whatsapp:+…" like the recipient (Twilio refuses a From and To of different channels).
 */
export const sender = (channel: TwilioChannel): { from: string } | { messagingServiceSid: string } => {
  const from = senderSetting(channel)!;
  if (from.startsWith("MG")) return { messagingServiceSid: from };
  return { from: channel === "whatsapp" ? `${WHATSAPP}${e164(from.replace(WHATSAPP, ""))}` : from };
};

/** A Twilio SDK error as our ProviderError: permanent for a refusal of the request itself, unless `alwaysTemporary`. */
export function twilioError(error: unknown, alwaysTemporary = false): ProviderError {
  const e = error as { status?: number; code?: number | string; message?: string };
  const status = typeof e.status === "number" ? e.status : null;
  const detail = `${status ?? "no response"}${e.code ? ` (code ${e.code})` : ""}: ${e.message ?? "request failed"}`;
  return new ProviderError("twilio", detail, !alwaysTemporary && isPermanentStatus(status));
}
