import { isIn } from "@/lib/checkout/lifecycle/states";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import { NOTIFICATION_EVENTS } from "@/lib/checkout/transactions/transaction-fields";

export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export interface EventFacts {
  kind: string;
  to_state: string | null;
  data: Record<string, unknown>;
}

/** Where a transaction move is one the customer is told about, by the state it reaches. */
const BY_STATE: Record<string, NotificationEvent> = {
  paid: "paid",
  authorized: "authorized",
  expired: "expired",
  // The interface: a payment reaching ERROR sends the Failed message where Failed was requested.
  error: "failed",
  failed: "failed",
  canceled: "canceled",
  voided: "voided",
  refunded: "refunded",
  captured: "captured",
};

const MONEY_OPERATIONS: Record<string, NotificationEvent> = { refund: "refunded", capture: "captured", void: "voided" };

/** A declined or canceled attempt's result word ("failed", "canceled"), or null. */
function attemptResult(event: EventFacts): NotificationEvent | null {
  const result = event.data.result;
  return result === "failed" || result === "canceled" ? result : null;
}

/**
 * Which notification event a transaction event is, or null when the customer is not told about it.
 * A declined or canceled attempt is "failed" / "canceled" whether it moved the transaction (to `attempted`) or
 * not, but not once the transaction is settled (a late decline after a success tells the customer nothing).
 */
export function notificationEventFor(event: EventFacts): NotificationEvent | null {
  switch (event.kind) {
    case "created":
      return "created";
    case "link_resent":
      // The merchant sent the payment link again: the same message as the payment request.
      return "created";
    case "state_changed":
      if (event.to_state === "attempted") return attemptResult(event);
      return (event.to_state && BY_STATE[event.to_state]) || null;
    case "operation":
      // A refund, capture or void the gateway carried out (a partial one too, and a duplicate's give-back).
      return event.data.result === "success" ? (MONEY_OPERATIONS[String(event.data.operation)] ?? null) : null;
    case "attempt_settled":
      // Still payable: the customer is free to try again.
      return isIn(PAYABLE, event.to_state) ? attemptResult(event) : null;
    default:
      return null;
  }
}
