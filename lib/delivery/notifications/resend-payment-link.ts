import { recentLinkResends } from "@/db/queries/link-resends";
import { insertEvent } from "@/db/queries/payments";
import type { TransactionRow } from "@/db/queries/transactions";
import { requireAction, type Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { Conflict, type FieldErrors, TooManyRequests, ValidationFailed } from "@/lib/core/errors";
import { callerScope } from "@/lib/checkout/idempotency/idempotency-key";
import { findTargetTransaction } from "@/lib/checkout/operations/find-target-transaction";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import { checkoutUrl } from "@/lib/checkout/transactions/represent-transaction";
import type { Channel } from "./channels";
import { readResendRequest } from "./read-resend-request";

/** At most this many resends of one transaction's link in any rolling window, so the API cannot spam a customer. */
export const RESEND_LIMIT = 5;
export const RESEND_WINDOW_SECONDS = 60 * 60;

export interface ResendAnswer {
  detail: string;
  session_id: string;
  order_no: string | null;
  channels: Channel[];
  checkout_url: string;
}

/**
 * `POST /b/pbl/v2/message-notification/`: sends the payment link of a transaction the customer can still pay
 * again, by e-mail, SMS and/or WhatsApp. Only records a `link_resent` event: its dispatch job renders and sends the
 * messages (lib/delivery/notifications/plan-messages.ts), so a provider outage is retried like any notification.
 */
export async function resendPaymentLink({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: Caller; fields: Record<string, unknown> };
}): Promise<ResendAnswer> {
  const request = readResendRequest(input.fields);
  requireAction(input.caller, "update");
  return ctx.db.transaction().execute(async (trx) => {
    // The row lock queues concurrent resends of one transaction, so each counts the ones committed before it.
    const { txn } = await findTargetTransaction(trx, input.caller, request.target, true);
    refuseUnpayable(txn);
    requireContacts(txn, request.channels);
    const waits = await recentLinkResends(trx, txn.session_id, RESEND_WINDOW_SECONDS);
    if (waits.length >= RESEND_LIMIT) {
      // Free again once enough of the window's resends have aged out of it.
      const seconds = Math.max(1, Math.ceil(waits[waits.length - RESEND_LIMIT]!));
      throw new TooManyRequests(
        seconds,
        `The payment link was already sent again ${RESEND_LIMIT} times in the last hour. Try again in ${seconds} seconds.`,
      );
    }
    await insertEvent(trx, {
      sessionId: txn.session_id,
      kind: "link_resent",
      from: txn.state,
      to: txn.state,
      cause: "api",
      data: { channels: request.channels, actor: callerScope(input.caller) },
    });
    return {
      detail: "The payment link was sent again.",
      session_id: txn.session_id,
      order_no: txn.order_no,
      channels: request.channels,
      checkout_url: checkoutUrl(txn.session_id),
    };
  });
}

function refuseUnpayable(txn: TransactionRow): void {
  if (!PAYABLE.includes(txn.state)) {
    throw new Conflict(`The transaction is ${txn.state}: its payment link can no longer be paid, so it is not sent again.`);
  }
  if (txn.expires_at <= new Date()) {
    const when = txn.expires_at.toISOString();
    throw new Conflict(`The transaction expired at ${when}: its payment link can no longer be paid, so it is not sent again.`);
  }
}

const CONTACTS: Record<Channel, { field: "customer_email" | "customer_phone"; message: string }> = {
  email: { field: "customer_email", message: "The transaction has no customer_email to send the e-mail to." },
  sms: { field: "customer_phone", message: "The transaction has no customer_phone to send the SMS to." },
  whatsapp: { field: "customer_phone", message: "The transaction has no customer_phone to send the WhatsApp message to." },
};

function requireContacts(txn: TransactionRow, channels: Channel[]): void {
  const missing = channels.filter((channel) => !txn[CONTACTS[channel].field]?.trim());
  if (missing.length === 0) return;
  const errors: FieldErrors = { channels: missing.map((channel) => CONTACTS[channel].message) };
  throw new ValidationFailed(errors);
}
