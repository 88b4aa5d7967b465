import type { TwilioChannel } from "./channels";
import { sender, twilio, twilioError, twilioRecipient } from "./twilio-client";

/** Sends one SMS or WhatsApp message through Twilio's Messages API and returns its message SID. */
export async function sendWithTwilio(message: { channel: TwilioChannel; to: string; body: string }): Promise<string> {
  const sdk = await twilio();
  try {
    const sent = await sdk.messages.create({ to: twilioRecipient(message.channel, message.to), body: message.body, ...sender(message.channel) });
    return sent.sid;
  } catch (error) {
    throw twilioError(error);
  }
}
