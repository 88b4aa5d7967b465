import { formatDateTime } from "@/lib/checkout/i18n/format-date-time";
import type { Channel } from "./channels";
import { ar } from "./templates/ar";
import { en } from "./templates/en";
import type { MessageKind, MessageTexts } from "./templates/message-texts";

export type { MessageKind } from "./templates/message-texts";

/** Everything a message shows; nothing secret (the link is the customer's own payment page). */
export interface MessageFacts {
  kind: MessageKind;
  /** The transaction's language: "ar" for Arabic, anything else English. */
  language: string;
  merchant: string;
  /** Already written with the currency's decimal places ("10.500"). */
  amount: string;
  currencyCode: string;
  firstName: string | null;
  orderNo: string | null;
  /** What is being paid for (the transaction's product_type). */
  product: string | null;
  referenceNumber: string | null;
  /** The payment page: to pay (created) or to try again (declined, canceled). */
  link: string | null;
  /** The transaction's due_datetime (ISO), shown in e-mails that carry the link. */
  due: string | null;
}

export interface RenderedMessage {
  subject: string | null;
  body: string;
}

const texts = (language: string): MessageTexts => (language === "ar" ? ar : en);

/**
 * The e-mail (subject and plain-text body) or the short text of a notification, in the transaction's language.
 * WhatsApp carries the SMS text: one template for both phone channels.
 */
export function renderMessage(channel: Channel, facts: MessageFacts): RenderedMessage {
  const t = texts(facts.language);
  const amount = `${facts.amount} ${facts.currencyCode}`;
  if (channel !== "email") {
    const parts = [
      `${facts.merchant}: ${t.short[facts.kind](amount)}`,
      facts.product ? `${t.paidFor} ${facts.product}.` : null,
      facts.orderNo ? t.shortOrder(facts.orderNo) : null,
      facts.referenceNumber ? t.shortReference(facts.referenceNumber) : null,
      facts.link,
    ];
    return { subject: null, body: parts.filter(Boolean).join(" ") };
  }

  const subject = t.subject[facts.kind](facts.merchant) + (facts.orderNo ? ` (${t.labels.orderNo} ${facts.orderNo})` : "");
  const details = [
    `${t.labels.merchant}: ${facts.merchant}`,
    facts.product ? `${t.paidFor}: ${facts.product}` : null,
    `${t.labels.amount}: ${amount}`,
    `${t.labels.status}: ${t.status[facts.kind]}`,
    // When it is due matters only while the customer can still pay.
    facts.due && facts.link ? `${t.labels.due}: ${formatDateTime(facts.due, facts.language === "ar" ? "ar" : "en")}` : null,
    facts.orderNo ? `${t.labels.orderNo}: ${facts.orderNo}` : null,
    facts.referenceNumber ? `${t.labels.referenceNumber}: ${facts.referenceNumber}` : null,
  ];
  const link = facts.link ? `${facts.kind === "created" ? t.payHere : t.tryAgain} ${facts.link}` : null;
  const paragraphs = [
    t.greeting(facts.firstName),
    t.sentence[facts.kind](facts.merchant, amount),
    details.filter(Boolean).join("\n"),
    link,
    t.footer(facts.merchant),
  ];
  return { subject, body: paragraphs.filter(Boolean).join("\n\n") };
}
