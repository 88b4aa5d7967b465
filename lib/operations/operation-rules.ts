import type { TransactionState } from "@/db/types";
import { PAYABLE } from "@/lib/payments/transitions";

export const OPERATIONS = ["cancel", "expire", "delete", "capture", "refund", "void"] as const;
export type OperationName = (typeof OPERATIONS)[number];

/** The states each operation starts from. */
export const FROM_STATES: Record<OperationName, TransactionState[]> = {
  cancel: PAYABLE,
  expire: PAYABLE,
  // Not while a payment is under way (cancel it first), nor while the customer's money is held.
  delete: ["created", "attempted", "failed", "canceled", "expired", "error", "refunded", "voided"],
  capture: ["authorized"],
  void: ["authorized"],
  refund: ["paid", "captured"],
};

/** The operations a transaction in this state allows, in the documented order. */
export const allowedIn = (state: TransactionState): OperationName[] => OPERATIONS.filter((name) => FROM_STATES[name].includes(state));

/** The 409 detail: the state, and what it allows instead. */
export function notAllowedMessage(name: OperationName, state: TransactionState): string {
  const allowed = allowedIn(state);
  const instead = allowed.length > 0 ? `Operations allowed in this state: ${allowed.join(", ")}.` : "No operation is allowed in this state.";
  return `The transaction is ${state}: ${name} is not allowed. ${instead}`;
}
