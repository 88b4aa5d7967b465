import { e164, sender, twilio, twilioError } from "./twilio-client";

/** Sends one SMS through Twilio and returns its message SID. */
export async function sendSmsWithTwilio(sms: { to: string; body: string }): Promise<string> {
  const sdk = await twilio();
  try {
    const message = await sdk.messages.create({ to: e164(sms.to), body: sms.body, ...sender() });
    return message.sid;
  } catch (error) {
    throw twilioError(error);
  }
}
