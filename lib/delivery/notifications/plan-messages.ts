import type { Db } from "@/db/client";
import { findCurrencyDecimals, insertMessages, listEventMessageIds, type NewMessage } from "@/db/queries/messages";
import { getSettings } from "@/db/queries/settings";
import type { TransactionRow } from "@/db/queries/transactions";
import { isIn } from "@/lib/checkout/lifecycle/states";
import { PAYABLE, SUCCEEDED } from "@/lib/checkout/lifecycle/verbs";
import { formatAmount, trimFraction } from "@/lib/core/money/decimal";
import { checkoutUrl } from "@/lib/checkout/transactions/represent-transaction";
import { type Channel, CHANNELS } from "./channels";
import { type NotificationEvent, notificationEventFor } from "./notification-event-for";
import { type MessageFacts, renderMessage } from "./render-message";

export interface PlannedEvent {
  event_id: string;
  kind: string;
  to_state: string | null;
  data: Record<string, unknown>;
}

/**
 * Plans the customer's e-mails, SMS and WhatsApp messages for one transaction event: one `pending` message per
 * channel and recipient when the event is listed in `notifications.email` / `.sms` / `.whatsapp`, or on the
 * channels a `link_resent` event names (e-mail to customer_email and every email_recipients address, SMS and
 * WhatsApp to customer_phone), rendered now in the transaction's language. Safe to run again: a message already
 * planned is kept. Returns the ids of all messages of the event.
 */
export async function planMessages(db: Db, event: PlannedEvent, txn: TransactionRow): Promise<string[]> {
  const notification = notificationEventFor(event);
  const targets = notification && !resendTooLate(event, txn) ? recipients(txn, channelsFor(event, txn, notification)) : [];
  if (notification && targets.length > 0) {
    const facts = await messageFacts(db, event, txn, notification);
    await insertMessages(
      db,
      targets.map(({ channel, recipient }): NewMessage => {
        const { subject, body } = renderMessage(channel, facts);
        return { event_id: event.event_id, session_id: txn.session_id, channel, recipient, subject, body, state: "pending" };
      }),
    );
  } else if (!notification || isIn(SUCCEEDED, event.to_state)) {
    // Nothing now, and no earlier run of this event planned any: either the event is never told to the customer, or
    // it moved the transaction past every change (a paid one is not edited again), so each run saw these recipients.
    return [];
  }
  return listEventMessageIds(db, event.event_id);
}

const listed = (events: string[] | undefined, event: NotificationEvent) => (events ?? []).some((e) => e.toLowerCase() === event);

/** The channels an event's messages go on: the ones a resend names, else those whose list names the event. */
function channelsFor(event: PlannedEvent, txn: TransactionRow, notification: NotificationEvent): Channel[] {
  if (event.kind === "link_resent") {
    const asked = Array.isArray(event.data.channels) ? event.data.channels : [];
    return CHANNELS.filter((channel) => asked.includes(channel));
  }
  const notifications = txn.notifications ?? {};
  return CHANNELS.filter((channel) => listed(notifications[channel], notification));
}

/** A resend planned once the link cannot be paid any more (paid, canceled, expired meanwhile) would mislead. */
function resendTooLate(event: PlannedEvent, txn: TransactionRow): boolean {
  return event.kind === "link_resent" && (!PAYABLE.includes(txn.state) || txn.expires_at <= new Date());
}

function recipients(txn: TransactionRow, channels: Channel[]): { channel: Channel; recipient: string }[] {
  const targets: { channel: Channel; recipient: string }[] = [];
  if (channels.includes("email")) {
    const seen = new Set<string>();
    for (const address of [txn.customer_email, ...(txn.email_recipients ?? [])]) {
      const trimmed = address?.trim();
      if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
      seen.add(trimmed.toLowerCase());
      targets.push({ channel: "email", recipient: trimmed });
    }
  }
  const phone = txn.customer_phone?.trim();
  for (const channel of ["sms", "whatsapp"] as const) {
    if (channels.includes(channel) && phone) targets.push({ channel, recipient: phone });
  }
  return targets;
}

async function messageFacts(db: Db, event: PlannedEvent, txn: TransactionRow, notification: NotificationEvent): Promise<MessageFacts> {
  const settings = await getSettings(db);
  const decimals = await findCurrencyDecimals(db, txn.currency_code);
  // Operations on part of the amount (a partial refund or capture) carry their own amount.
  const amount = typeof event.data.amount === "string" ? event.data.amount : txn.amount;
  const isError = event.to_state === "error" || event.data.result === "error";
  return {
    kind: notification === "failed" && isError ? "error" : notification,
    language: txn.language,
    merchant: settings.merchant_name,
    amount: decimals === undefined ? trimFraction(amount) : formatAmount(amount, decimals),
    currencyCode: txn.currency_code,
    firstName: txn.customer_first_name,
    orderNo: txn.order_no,
    product: txn.product_type,
    referenceNumber: typeof event.data.reference_number === "string" ? event.data.reference_number : null,
    // The customer can still pay: the message carries the payment page's link.
    link: isIn(PAYABLE, event.to_state) ? checkoutUrl(txn.session_id) : null,
    due: txn.due_datetime ? txn.due_datetime.toISOString() : null,
  };
}
