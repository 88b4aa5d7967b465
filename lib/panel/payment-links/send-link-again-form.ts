import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { Ctx } from "@/lib/core/context";
import { Conflict, NotFound, TooManyRequests, ValidationFailed } from "@/lib/core/errors";
import { CHANNEL_NAMES } from "@/lib/delivery/notifications/channels";
import { resendPaymentLink } from "@/lib/delivery/notifications/resend-payment-link";
import { flattenFieldErrors } from "@/lib/panel/admin/flatten-field-errors";

export interface SendAgainState {
  /** What was sent, read out by screen readers. */
  sent: string | null;
  /** Why nothing was sent: no channel, no contact for one, the link no longer payable, too many resends. */
  error: string | null;
}

export const NOT_SENT: SendAgainState = { sent: null, error: null };

const NO_CHANNEL = "Tick at least one way to send the link.";

/**
 * "Send again" on a payment link's screen and its transaction's page: the API's resend verb (update permission,
 * the user's gateways, a payable link, at most five an hour), on the channels ticked, then the audit entry. A
 * user without the update permission is refused (the panel's runner shows the not-allowed page).
 */
export async function sendLinkAgainForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<SendAgainState> {
  const sessionId = String(input.form.get("session_id") ?? "");
  const channels = input.form.getAll("channels").map(String);
  if (channels.length === 0) return { sent: null, error: NO_CHANNEL };
  try {
    const answer = await resendPaymentLink({ ctx, input: { caller: input.caller, fields: { session_id: sessionId, channels } } });
    await recordAudit(ctx.db, input.caller, {
      action: "transaction.resend_link",
      entity: "transaction",
      entityId: answer.session_id,
      after: { channels: answer.channels },
    });
    return { sent: `Sent again by ${answer.channels.map((c) => CHANNEL_NAMES[c]).join(" and ")}.`, error: null };
  } catch (error) {
    if (error instanceof ValidationFailed) return { sent: null, error: flattenFieldErrors(error.fields).join(" ") };
    if (error instanceof Conflict || error instanceof NotFound || error instanceof TooManyRequests) return { sent: null, error: error.message };
    throw error;
  }
}
