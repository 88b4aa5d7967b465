import {
  claimPendingMessage,
  findMessage,
  markSendStarted,
  type MessageRow,
  recordMessageError,
  setProviderMessageId,
} from "@/db/queries/messages";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { findSentTwilioMessage } from "./find-sent-twilio-message";
import { ProviderError } from "./provider-error";
import { sendEmailWithResend } from "./send-email-with-resend";
import { sendWithTwilio } from "./send-with-twilio";
import { senderSetting } from "./twilio-client";

export type SendMessageOutcome =
  /** Handed to the provider. */
  | "sent"
  /** No provider configured for the channel: kept in the database to be read. */
  | "recorded"
  /** The provider rejected it for good (an invalid address or number); the reason is in `error`. */
  | "failed"
  /** Nothing to do: already sent, recorded or failed (a repeated run), or no such message. */
  | "unchanged";

type Provider = "resend" | "twilio";

// Our clock and Twilio's may differ a little: a lost try is looked for from a minute before we noted it.
const CLOCK_SKEW_MS = 60_000;

function providerFor(channel: MessageRow["channel"]): Provider | null {
  if (channel === "email") return env.RESEND_API_KEY ? "resend" : null;
  // SMS and WhatsApp share the Twilio account; each needs its own sender.
  return env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && senderSetting(channel) ? "twilio" : null;
}

/** Stable for the message and unique across databases, so a retry after a lost answer is not sent twice. */
const idempotencyKey = (m: MessageRow) => (m.event_id ? `${m.event_id}/${m.channel}/${m.id}` : `message/${m.id}/${m.created_at.getTime()}`);

/**
 * Hands the message to its provider. Resend dedupes by our idempotency key; Twilio takes none, so a message
 * tried before (`triedAt`: that try may have gone through and its answer been lost) is looked for at Twilio first.
 */
async function deliver(m: MessageRow, triedAt: Date | null): Promise<string> {
  if (m.channel === "email") {
    return sendEmailWithResend({ to: m.recipient, subject: m.subject ?? "", text: m.body, idempotencyKey: idempotencyKey(m) });
  }
  const message = { channel: m.channel, to: m.recipient, body: m.body };
  const already = triedAt ? await findSentTwilioMessage({ ...message, since: new Date(triedAt.getTime() - CLOCK_SKEW_MS) }) : null;
  return already ?? sendWithTwilio(message);
}

/**
 * Sends one planned message: through Resend (e-mail) or Twilio (SMS, WhatsApp) when their keys are configured, else
 * records it (state `recorded`). Idempotent: only a `pending` message is taken, by a conditional update held
 * in a database transaction around the provider call, so two runs never both send it; if the call fails the
 * transaction rolls back and the message is pending again (also after a crash: an SMS or WhatsApp message Twilio took before the crash
 * is then found at Twilio, not sent again; an e-mail is deduplicated by Resend's idempotency key). A temporary provider error is
 * recorded on the message and thrown, for the job engine to retry; a permanent one marks it `failed`.
 * Call it outside any database transaction of yours: it makes a network call.
 */
export async function sendMessage({ ctx, input }: { ctx: Ctx; input: { messageId: string } }): Promise<{ messageId: string; outcome: SendMessageOutcome }> {
  const { messageId } = input;
  const current = await findMessage(ctx.db, messageId);
  if (current?.state !== "pending") return { messageId, outcome: "unchanged" };
  const provider = providerFor(current.channel);
  if (provider) await markSendStarted(ctx.db, messageId);
  try {
    const outcome = await ctx.db.transaction().execute(async (trx): Promise<SendMessageOutcome> => {
      const claimed = await claimPendingMessage(trx, messageId, { state: provider ? "sent" : "recorded", provider });
      if (!claimed) return "unchanged";
      if (!provider) return "recorded";
      await setProviderMessageId(trx, messageId, await deliver(claimed, current.send_started_at));
      return "sent";
    });
    return { messageId, outcome };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await recordMessageError(ctx.db, messageId, error.message, error.permanent);
    if (error.permanent) return { messageId, outcome: "failed" };
    throw error;
  }
}
