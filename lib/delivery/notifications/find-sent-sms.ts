import { e164, twilio, twilioError } from "./twilio-client";

// The most recent messages to the number that are looked through; a retry follows its lost try within minutes.
const LOOK_BACK = 50;

/**
 * The SID of an SMS Twilio already has for this number and body, created since `since`, or null. Twilio takes no
 * idempotency key for messages: before sending again a message whose earlier try may have gone through (the
 * process died between Twilio's answer and our record of it), we ask. Failing to ask is a temporary error: better
 * late than twice.
 */
export async function findSentSms(sms: { to: string; body: string; since: Date }): Promise<string | null> {
  const sdk = await twilio();
  try {
    const recent = await sdk.messages.list({ to: e164(sms.to), limit: LOOK_BACK });
    const match = recent.find((m) => m.body === sms.body && m.dateCreated >= sms.since);
    return match?.sid ?? null;
  } catch (error) {
    throw twilioError(error, true);
  }
}
