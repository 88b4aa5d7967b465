import type { NotificationEvent } from "../notification-event-for";

/** What a message says: a notification event, with "error" told apart from a declined "failed". */
export type MessageKind = NotificationEvent | "error";

/** Every string of the customer's e-mail and SMS in one language; `amount` arrives formatted ("10.500 KWD"). */
export interface MessageTexts {
  subject: Record<MessageKind, (merchant: string) => string>;
  /** The e-mail's main sentence. */
  sentence: Record<MessageKind, (merchant: string, amount: string) => string>;
  /** The SMS sentence (after "merchant: "). */
  short: Record<MessageKind, (amount: string) => string>;
  /** The transaction's state or result in a word or two. */
  status: Record<MessageKind, string>;
  greeting: (firstName: string | null) => string;
  labels: { merchant: string; amount: string; status: string; due: string; orderNo: string; referenceNumber: string };
  /** SMS: "Order 123." / "Ref R-1." */
  shortOrder: (orderNo: string) => string;
  shortReference: (reference: string) => string;
  payHere: string;
  tryAgain: string;
  /** What is being paid for (product_type): the e-mail's label, the SMS's words before it. */
  paidFor: string;
  footer: (merchant: string) => string;
}
