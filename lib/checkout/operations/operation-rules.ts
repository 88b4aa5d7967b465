import type { TransactionState } from "@/db/types";
import { allowedIn, type OperationName } from "@/lib/checkout/lifecycle/verbs";

/** The 409 detail: the state, and what it allows instead. */
export function notAllowedMessage(name: OperationName, state: TransactionState): string {
  const allowed = allowedIn(state);
  const instead = allowed.length > 0 ? `Operations allowed in this state: ${allowed.join(", ")}.` : "No operation is allowed in this state.";
  return `The transaction is ${state}: ${name} is not allowed. ${instead}`;
}
