import type { TransactionState } from "@/db/types";

// The panel's one table of state words: what each means, and its tone (the colour a badge gives it beside the word
// itself). One table per kind of record; a word the table does not know is shown as it is, in the neutral tone.

export type StateKind = "transaction" | "attempt" | "operation" | "delivery" | "message" | "user" | "apiKey" | "apiKeyKind";
/** "returned": money went back or was released (refunded, voided). */
export type Tone = "good" | "bad" | "waiting" | "returned" | "neutral";

type Words = Record<string, [Tone, string]>;

const TRANSACTION_WORDS: Record<TransactionState, [Tone, string]> = {
    created: ["neutral", "Made; the customer has not started paying."],
    pending: ["waiting", "A payment was started and waits for the gateway's answer."],
    attempted: ["waiting", "A payment was tried and did not go through; the customer may try again."],
    authorized: ["waiting", "The card's money is held; it is taken when captured."],
    paid: ["good", "Paid (a partly refunded payment stays paid)."],
    captured: ["good", "The held money was taken."],
    refunded: ["returned", "Every paid amount was given back."],
    voided: ["returned", "The hold was released; no money was taken."],
    failed: ["bad", "The payment failed; no money was taken."],
    canceled: ["neutral", "Canceled before it was paid."],
    expired: ["neutral", "Not paid before its expiry time."],
  error: ["bad", "The gateway answered something unexpected: check the payment attempts."],
};

const WORDS: Record<StateKind, Words> = {
  transaction: TRANSACTION_WORDS,
  attempt: {
    pending: ["waiting", "Waiting for the gateway's answer."],
    success: ["good", "The gateway took the payment."],
    declined: ["bad", "The bank or gateway refused the payment."],
    canceled: ["neutral", "The customer left the gateway's page."],
    error: ["bad", "The gateway reported an error."],
    expired: ["neutral", "Not finished before the transaction's expiry time."],
    superseded: ["neutral", "Replaced by a later attempt before it finished."],
  },
  operation: {
    pending: ["waiting", "Sent; waiting for the gateway's answer."],
    success: ["good", "Done by the gateway."],
    failed: ["bad", "Refused or failed; nothing changed."],
  },
  delivery: {
    pending: ["waiting", "Not yet delivered: being sent, or waiting for its next try."],
    delivered: ["good", "The receiver answered with a 2xx status."],
    failed: ["bad", "Every try failed; it can be retried from the panel."],
  },
  message: {
    pending: ["waiting", "Queued; not sent yet."],
    sent: ["good", "Handed to the e-mail or SMS provider."],
    recorded: ["neutral", "No provider is configured: the message was written to this log only, not sent."],
    failed: ["bad", "The provider refused it, or every try failed."],
  },
  user: {
    active: ["good", "May sign in."],
    disabled: ["neutral", "May not sign in; what they did stays in the audit log."],
  },
  apiKey: {
    active: ["good", "Accepted by the API."],
    expired: ["neutral", "Past its expiry time: refused by the API."],
    revoked: ["neutral", "Revoked by an administrator: refused by the API."],
  },
  apiKeyKind: {
    private: ["neutral", "The shop's server: every endpoint of the API but the embedded checkout's. Never in a browser."],
    public: ["neutral", "The embedded checkout in customers' browsers: only reads a transaction's checkout data and starts its payment, from its allowed origins."],
  },
};

/** The tone and the explanation of a state word of one kind of record. */
export function stateWord(kind: StateKind, state: string): { tone: Tone; meaning: string } {
  const [tone, meaning] = WORDS[kind][state] ?? ["neutral", ""];
  return { tone, meaning };
}

/** Every state of a kind with its meaning, in the table's order (for a legend). */
export const stateLegend = (kind: StateKind) => Object.entries(WORDS[kind]).map(([state, [tone, meaning]]) => ({ state, tone, meaning }));

/** Whether a word is one of a transaction's states. */
export const isTransactionState = (word: string): word is TransactionState => Object.hasOwn(TRANSACTION_WORDS, word);

/** A transaction state as a heading or a field shows it ("Paid"); elsewhere the word itself. */
export const stateLabel = (state: string) => state.charAt(0).toUpperCase() + state.slice(1);
