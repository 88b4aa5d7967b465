import { randomBytes } from "node:crypto";
import { insertAttempt } from "@/db/queries/payments";
import type { TransactionView } from "@/db/queries/transactions";
import type { Db } from "@/db/client";
import type { GatewaySetting } from "@/db/types";
import { computeFee } from "@/lib/core/money/compute-fee";

/** Our reference for an attempt: unique, unguessable, printable on a receipt. */
const newReference = () => `CK${randomBytes(8).toString("hex").toUpperCase()}`;

/**
 * A new pending attempt of the customer's (start-payment.ts) on a gateway, for the transaction's amount plus that
 * gateway's fee. `amount` is what the gateway is asked for, with the currency's places (the row keeps six).
 */
export async function openAttempt(db: Db, view: TransactionView, gateway: GatewaySetting) {
  const row = newAttempt(view, gateway);
  return { attempt: await insertAttempt(db, row), amount: row.amount };
}

/**
 * The row of a new attempt, not stored yet: openAttempt's, or an auto-debit's (the merchant's, without the
 * customer, stored by its claim).
 */
export function newAttempt(view: TransactionView, gateway: GatewaySetting) {
  const { txn } = view;
  const fee = computeFee(txn.amount, view.decimals, gateway, txn.currency_code);
  return {
    session_id: txn.session_id,
    reference_number: newReference(),
    gateway_code: gateway.code,
    pg: gateway.pg,
    amount: fee.total,
    fee: fee.fee,
    currency_code: txn.currency_code,
  };
}
