import type { TransactionState } from "@/db/types";

/** How a state looks: the colour family of its badge (its word is always shown too, never the colour alone). */
export type StateTone = "waiting" | "good" | "returned" | "bad" | "closed";

/** A transaction's state in words: its badge's label, its colour and what it means to an operations team. */
export const STATE_WORDS: Record<TransactionState, { label: string; tone: StateTone; meaning: string }> = {
  created: { label: "Created", tone: "waiting", meaning: "Waiting for the customer to pay." },
  pending: { label: "Pending", tone: "waiting", meaning: "A payment is under way at the gateway." },
  attempted: { label: "Attempted", tone: "waiting", meaning: "A payment did not go through; the customer may try again." },
  authorized: { label: "Authorized", tone: "good", meaning: "The money is held on the card: capture or void it." },
  paid: { label: "Paid", tone: "good", meaning: "The customer paid." },
  captured: { label: "Captured", tone: "good", meaning: "The authorized money was charged." },
  refunded: { label: "Refunded", tone: "returned", meaning: "All the money went back to the customer." },
  voided: { label: "Voided", tone: "returned", meaning: "The authorization was released: nothing was charged." },
  failed: { label: "Failed", tone: "bad", meaning: "The payment was declined; this transaction takes no other try." },
  error: { label: "Error", tone: "bad", meaning: "The gateway answered with an error." },
  canceled: { label: "Canceled", tone: "closed", meaning: "Canceled before it was paid." },
  expired: { label: "Expired", tone: "closed", meaning: "Not paid before its deadline." },
};
