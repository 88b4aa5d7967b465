import { randomBytes } from "node:crypto";
import type { RowView } from "@/db/queries/transactions";
import type { GatewaySetting } from "@/db/types";
import { computeFee } from "@/lib/core/money/compute-fee";

/** Our reference for an attempt: unique, unguessable, printable on a receipt. */
const newReference = () => `CK${randomBytes(8).toString("hex").toUpperCase()}`;

/**
 * The row of a new attempt, not stored yet: a customer's payment's (stored once its gateway opened it,
 * start-on-route.ts), or an auto-debit's (the merchant's, without the customer, stored by its claim). `amount` is
 * what the gateway is asked for: the transaction's amount plus that gateway's fee, with the currency's places (the
 * row keeps six).
 */
export function newAttempt(view: RowView, gateway: GatewaySetting) {
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
