import type { GatewayOperation, TransactionState } from "@/db/types";
import { SETTLEMENT } from "./money";

// Which verb starts from which state. Every list a verb checks (in TypeScript, and passed to the SQL as
// `state = ANY($allowed)`) is one of these; docs/lifecycle.md draws the whole machine.

export type States = readonly TransactionState[];

/** The customer may still pay: the payment page offers its gateways, a link may be resent, cancel and expire apply. */
export const PAYABLE: States = ["created", "attempted", "pending"];

/**
 * Payable with no payment open at a gateway: the merchant may still update it, a new payment moves it to `pending`
 * from here, and deleting it cancels it on the way.
 */
export const AWAITING_PAYMENT: States = ["created", "attempted"];

/** An auto_debit transaction is charged only before anything else happened to it. */
export const AUTO_DEBITABLE: States = ["created"];

/** The customer's money is held: refund or void before deleting. */
export const HOLDS_MONEY: States = ["paid", "authorized", "captured"];

/**
 * The customer is done on the payment page and goes back to the merchant. An expired transaction is not among
 * them: its page tells the customer the time ran out.
 */
export const RETURNS_TO_MERCHANT: States = ["paid", "authorized", "error", "canceled", "failed"];

/** The customer's payment went through (an authorization voided later included: it succeeded, then was released). */
export const SUCCEEDED: States = ["paid", "authorized", "captured", "refunded", "voided"];
/** Ended without a payment; an order number is free again for a new transaction (index transactions_live_order_no). */
export const UNSUCCESSFUL: States = ["failed", "canceled", "expired", "error"];

/** The merchant's operations on a transaction, in the documented order. */
export const OPERATIONS = ["cancel", "expire", "delete", "capture", "refund", "void"] as const;
export type OperationName = (typeof OPERATIONS)[number];

/** The states each operation starts from. */
export const FROM_STATES: Record<OperationName, States> = {
  cancel: PAYABLE,
  expire: PAYABLE,
  // Not while a payment is under way (cancel it first), nor while the customer's money is held.
  delete: ["created", "attempted", "failed", "canceled", "expired", "error", "refunded", "voided"],
  capture: SETTLEMENT.capture.from,
  void: SETTLEMENT.void.from,
  refund: SETTLEMENT.refund.from,
};

/** The operations a transaction in this state allows, in the documented order. */
export const allowedIn = (state: TransactionState): OperationName[] => OPERATIONS.filter((name) => FROM_STATES[name].includes(state));

/** A payment attempt's final outcome (a gateway's answer other than "no answer yet"). */
export type FinalOutcome = "success" | "declined" | "canceled" | "error";

/**
 * Where an attempt's final outcome takes the transaction, and from which states that move is allowed.
 * `iface`: the interface that created the transaction (transactions.interface).
 */
export function transitionFor(
  outcome: FinalOutcome,
  operation: GatewayOperation,
  iface: "checkout" | "legacy",
): { to: TransactionState; from: States } {
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
