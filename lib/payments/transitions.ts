import type { TransactionRow } from "@/db/queries/transactions";
import type { GatewayOperation, TransactionState } from "@/db/types";
import type { Outcome } from "@/lib/gateways/adapter";

/** States in which the customer may still pay. */
export const PAYABLE: TransactionState[] = ["created", "attempted", "pending"];

/**
 * Where an attempt's final outcome takes the transaction, and from which states that move is allowed.
 * `iface`: the interface that created the transaction (transactions.interface).
 */
export function transitionFor(
  outcome: Exclude<Outcome, "pending">,
  operation: GatewayOperation,
  iface: TransactionRow["interface"],
): { to: TransactionState; from: TransactionState[] } {
  switch (outcome) {
    case "success":
      return { to: operation === "authorize" ? "authorized" : "paid", from: PAYABLE };
    case "declined":
    case "canceled":
      // A legacy transaction ends at its first result: legacy merchants send the customer to their failure
      // page on it (contract, "Legacy interface").
      if (iface === "legacy") return { to: outcome === "declined" ? "failed" : "canceled", from: PAYABLE };
      // The customer may try again until the transaction expires.
      return { to: "attempted", from: ["created", "pending"] };
    case "error":
      return { to: "error", from: PAYABLE };
  }
}

/** The result word merchants see for an attempt's outcome (webhook `result`, redirect). */
export const RESULT_WORDS: Record<Exclude<Outcome, "pending">, string> = {
  success: "success",
  declined: "failed",
  canceled: "canceled",
  error: "error",
};
