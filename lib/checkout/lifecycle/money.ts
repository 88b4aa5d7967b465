import type { MoneyOperation, TransactionState } from "@/db/types";
import { toUnits } from "@/lib/core/money/decimal";

// The money of a transaction and what refund, capture and void do to it. The SQL that applies these moves in one
// statement (db/queries/operations.ts: claimMoneyOperation, settleMoneyOperation) takes `from` and `exclusive`
// from SETTLEMENT; test/checkout/lifecycle-sql.test.ts runs both against the model below and fails when they drift.

/** A transaction's money columns in units of one scale (stored amounts have six places). */
export interface Ledger {
  paid: bigint;
  captured: bigint;
  refunded: bigint;
  voided: bigint;
  /** Claimed by refunds, captures and voids still waiting for their gateway's answer. */
  held: bigint;
}

/** What a refund, capture or void may still claim: paid, less what is given back or held. */
export const available = (l: Pick<Ledger, "paid" | "voided" | "refunded" | "held">): bigint => l.paid - l.voided - l.refunded - l.held;

/** What is still the customer's money with the merchant once pending operations are left aside. */
export const remaining = (l: Pick<Ledger, "paid" | "voided" | "refunded">): bigint => available({ ...l, held: 0n });

type StoredMoney = { paid_amount: string; voided_amount: string; refunded_amount: string };

/** `available` of a row as stored, in units of `decimals` places. */
export function availableUnits(txn: StoredMoney & { held_amount: string }, decimals: number): bigint {
  const units = (v: string) => toUnits(v, decimals);
  return available({ paid: units(txn.paid_amount), voided: units(txn.voided_amount), refunded: units(txn.refunded_amount), held: units(txn.held_amount) });
}

/** `remaining` of a row as stored, in units of `decimals` places. */
export const remainingUnits = (txn: StoredMoney, decimals: number): bigint => availableUnits({ ...txn, held_amount: "0" }, decimals);

export interface SettlementMove {
  /** The states the operation starts from. */
  from: readonly TransactionState[];
  /** Claims only an authorization nobody else holds (no other operation pending). */
  exclusive: boolean;
  /** Moves everything available or nothing (amount may be left out, never smaller). */
  whole: boolean;
  /** The column a success adds the amount to. */
  adds: "refunded" | "captured" | "voided";
  /** A success releases what it did not take (the voided column gets the rest of the authorization). */
  releasesRest: boolean;
  /** Where a success takes the transaction; `whenNothingRemains`: only once nothing remains (else the state stays). */
  to: TransactionState;
  whenNothingRemains: boolean;
}

export const SETTLEMENT: Record<MoneyOperation, SettlementMove> = {
  refund: { from: ["paid", "captured"], exclusive: false, whole: false, adds: "refunded", releasesRest: false, to: "refunded", whenNothingRemains: true },
  capture: { from: ["authorized"], exclusive: true, whole: false, adds: "captured", releasesRest: true, to: "captured", whenNothingRemains: false },
  void: { from: ["authorized"], exclusive: true, whole: true, adds: "voided", releasesRest: false, to: "voided", whenNothingRemains: false },
};

/** Whether a claim of `amount` fits: the state, what is available, and (capture, void) nobody else holding any. */
export function claimFits(state: TransactionState, l: Ledger, kind: MoneyOperation, amount: bigint): boolean {
  const move = SETTLEMENT[kind];
  return move.from.includes(state) && amount <= available(l) && (!move.exclusive || l.held === 0n);
}

/** The ledger with a claim of `amount` held. */
export const claim = (l: Ledger, amount: bigint): Ledger => ({ ...l, held: l.held + amount });

/**
 * The state and ledger after a claimed operation's final answer: the claim is released either way, and on success
 * the amount is added where the move says and the state follows. A duplicate payment's give-back (`duplicate`)
 * claimed nothing and changes nothing.
 */
export function settle(
  state: TransactionState,
  l: Ledger,
  kind: MoneyOperation,
  amount: bigint,
  success: boolean,
  duplicate = false,
): { state: TransactionState; ledger: Ledger } {
  if (duplicate) return { state, ledger: l };
  const released = { ...l, held: l.held - amount };
  if (!success || amount === 0n) return { state, ledger: released };
  const move = SETTLEMENT[kind];
  const ledger = { ...released, [move.adds]: released[move.adds] + amount };
  if (move.releasesRest) ledger.voided += l.paid - amount;
  const moves = !move.whenNothingRemains || remaining(ledger) === 0n;
  return { state: moves ? move.to : state, ledger };
}
