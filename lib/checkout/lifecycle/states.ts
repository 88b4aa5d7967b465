import type { MoneyOperation, OperationKind, OperationState, TransactionState } from "@/db/types";

// The lists of states and kinds the database allows (the CHECK constraints of db/migrations; test/lifecycle-sql
// compares them with pg_constraint). db/types.ts keeps the matching union types for the query layer, which imports
// nothing from lib/: `everyOf` makes the compiler refuse a list that misses a member of its union.

type Missing<T extends string, L extends readonly string[]> = Exclude<T, L[number]>;

/** The list as given, when it names every member of `T` (a type error naming the missing ones otherwise). */
const everyOf =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([Missing<T, L>] extends [never] ? unknown : { missing: Missing<T, L> })): L =>
    list;

/** A transaction's states (transactions.state), in the documented order (the OpenAPI enum, the admin filter). */
export const TRANSACTION_STATES = everyOf<TransactionState>()([
  "created",
  "pending",
  "attempted",
  "authorized",
  "paid",
  "failed",
  "canceled",
  "expired",
  "voided",
  "refunded",
  "captured",
  "error",
]);

/** The states of a payment attempt (payment_attempts.state). */
export const ATTEMPT_STATES = ["pending", "success", "declined", "canceled", "error", "expired", "superseded"] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/** What the operations table records (operations.kind). */
export const OPERATION_KINDS = everyOf<OperationKind>()(["refund", "capture", "void", "cancel", "expire", "delete", "inquiry"]);

/** An operation's states (operations.state): a money operation waits `pending` for its gateway's answer. */
export const OPERATION_STATES = everyOf<OperationState>()(["pending", "success", "failed"]);

/** The operations that ask a gateway to move money. */
export const MONEY_OPERATIONS = everyOf<MoneyOperation>()(["refund", "capture", "void"]);

/** Whether `state` is one of `states`: for values typed as any string (event rows' from_state / to_state). */
export const isIn = (states: readonly TransactionState[], state: string | null | undefined): state is TransactionState =>
  state != null && (states as readonly string[]).includes(state);
