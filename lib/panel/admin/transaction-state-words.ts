import type { TransactionState } from "@/db/types";

/** How a state looks: the colour family of its badge (its word is always shown too, never the colour alone). */
export type StateTone = "waiting" | "good" | "returned" | "bad" | "closed";

/**
 * A transaction's state as the header of its page shows it: the badge's label and colour family. What each state
 * means is in state-words.ts, the panel's one table of meanings.
 */
export const STATE_WORDS: Record<TransactionState, { label: string; tone: StateTone }> = {
  created: { label: "Created", tone: "waiting" },
  pending: { label: "Pending", tone: "waiting" },
  attempted: { label: "Attempted", tone: "waiting" },
  authorized: { label: "Authorized", tone: "good" },
  paid: { label: "Paid", tone: "good" },
  captured: { label: "Captured", tone: "good" },
  refunded: { label: "Refunded", tone: "returned" },
  voided: { label: "Voided", tone: "returned" },
  failed: { label: "Failed", tone: "bad" },
  error: { label: "Error", tone: "bad" },
  canceled: { label: "Canceled", tone: "closed" },
  expired: { label: "Expired", tone: "closed" },
};
