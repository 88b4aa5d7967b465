import type { TwilioChannel } from "./channels";
import { twilio, twilioError, twilioRecipient } from "./twilio-client";

// The most recent messages to the address that are looked through; a retry follows its lost try within minutes.
const LOOK_BACK = 50;

/**
 * The SID of an SMS or WhatsApp message Twilio already has for this address and body, created since `since`, or
 * null. Twilio takes no idempotency key for messages: before sending again a message whose earlier try may have
 * gone through (the process died between Twilio's answer and our record of it), we ask. Failing to ask is a
 * temporary error: better late than twice.
 */
export async function findSentTwilioMessage(message: { channel: TwilioChannel; to: string; body: string; since: Date }): Promise<string | null> {
  const sdk = await twilio();
  try {
    const recent = await sdk.messages.list({ to: twilioRecipient(message.channel, message.to), limit: LOOK_BACK });
    const match = recent.find((m) => m.body === message.body && m.dateCreated >= message.since);
    return match?.sid ?? null;
  } catch (error) {
    throw twilioError(error, true);
  }
}
