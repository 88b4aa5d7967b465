import type { DeliveryEntry } from "@/db/queries/delivery-view";
import type { MessageRow } from "@/db/queries/messages";
import { requesterWords } from "./actor-words";
import { eventWords, type TimelineEntry } from "./event-words";
import type { TransactionDetail } from "./load-transaction-detail";
import { isTransactionState } from "./state-words";
import { moneyOf } from "./transaction-facts";

const CHANNELS: Record<MessageRow["channel"], string> = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" };

/** What a delivery was about: "refund", "state changed (paid)". */
const aboutWords = (d: DeliveryEntry) =>
  `${d.event_kind.replace(/_/g, " ")}${d.event_state && isTransactionState(d.event_state) ? ` (${d.event_state})` : ""}`;

/** A webhook delivery where it stands: delivered (and how fast), failing or failed (and why), or not tried yet. */
function deliveryEntry(d: DeliveryEntry): TimelineEntry {
  const last = d.tries.at(-1);
  const about = `For the ${aboutWords(d)}, to ${d.url}`;
  const tries = d.tries.length > 1 ? `, after ${d.tries.length} tries` : "";
  if (d.state === "delivered") {
    const ms = last ? ` in ${last.duration_ms} ms` : "";
    return { at: d.delivered_at ?? d.created_at, text: `Webhook delivered${ms}`, detail: `${about}${tries}`, tone: "good" };
  }
  if (!last) return { at: d.created_at, text: "Webhook waiting for its first try", detail: about, tone: "neutral" };
  const why = last.status_code !== null ? `HTTP ${last.status_code}` : (last.error ?? "no answer");
  const text = d.state === "failed" ? `Webhook failed: ${why}` : `Webhook not delivered yet: ${why}; it is tried again`;
  return { at: last.created_at, text, detail: `${about}${tries}`, tone: "bad" };
}

/** An e-mail or SMS where it stands. */
function messageEntry(m: MessageRow): TimelineEntry {
  const to = `${CHANNELS[m.channel]} to ${m.recipient}`;
  const at = (m.sent_at ?? m.created_at).toISOString();
  if (m.state === "sent") return { at, text: `${to} sent`, detail: m.subject, tone: "neutral" };
  if (m.state === "recorded") return { at, text: `${to} recorded, not sent: no provider is configured`, detail: m.subject, tone: "neutral" };
  if (m.state === "failed") return { at, text: `${to} failed`, detail: m.error, tone: "bad" };
  return { at, text: `${to} waiting to be sent`, detail: m.subject, tone: "neutral" };
}

/**
 * The transaction's story in words, oldest first: its events (who created it, each payment attempt and its
 * result, refunds and who asked), operations still waiting for their gateway, each webhook and each message.
 * Entries at the same moment keep that order (an event before the webhook it caused).
 */
export function transactionTimeline(detail: TransactionDetail): TimelineEntry[] {
  const recorded = new Set(detail.events.map((e) => e.operation_id).filter(Boolean));
  const waiting = detail.operations
    .filter((o) => o.state === "pending" && !recorded.has(o.id))
    .map((o): TimelineEntry => {
      const by = requesterWords(o);
      const amount = o.amount ? ` of ${moneyOf(detail)(o.amount)}` : "";
      return { at: o.created_at, text: `${o.kind.charAt(0).toUpperCase()}${o.kind.slice(1)}${amount} asked${by ? ` by ${by}` : ""}: waiting for the gateway`, detail: null, tone: "neutral" };
    });
  const entries = [
    ...detail.events.map((e): TimelineEntry => ({ at: e.created_at, ...eventWords(detail, e) })),
    ...waiting,
    ...detail.deliveries.map(deliveryEntry),
    ...detail.messages.toReversed().map(messageEntry),
  ];
  // A stable sort: the same moment keeps the order above.
  return entries.map((entry, i) => ({ entry, i, t: Date.parse(entry.at) })).sort((a, b) => a.t - b.t || a.i - b.i).map(({ entry }) => entry);
}
