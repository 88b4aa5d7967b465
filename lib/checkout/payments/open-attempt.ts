import { randomBytes } from "node:crypto";
import { insertAttempt } from "@/db/queries/payments";
import type { TransactionView } from "@/db/queries/transactions";
import type { Db } from "@/db/client";
import type { GatewaySetting } from "@/db/types";
import { computeFee } from "@/lib/core/money/compute-fee";

/** Our reference for an attempt: unique, unguessable, printable on a receipt. */
const newReference = () => `CK${randomBytes(8).toString("hex").toUpperCase()}`;

/**
 * A new pending attempt of the transaction on a gateway, for its amount plus that gateway's fee: the customer's
 * (start-payment.ts) or the merchant's without the customer (an auto-debit, with the saved card it charges).
 * `amount` is what the gateway is asked for, with the currency's places (the row keeps six).
 */
export async function openAttempt(db: Db, view: TransactionView, gateway: GatewaySetting, byMerchant?: { savedCardId: string }) {
  const { txn } = view;
  const fee = computeFee(txn.amount, view.decimals, gateway, txn.currency_code);
  const attempt = await insertAttempt(db, {
    session_id: txn.session_id,
    reference_number: newReference(),
    gateway_code: gateway.code,
    pg: gateway.pg,
    amount: fee.total,
    fee: fee.fee,
    currency_code: txn.currency_code,
    ...(byMerchant ? { initiator: "merchant" as const, saved_card_id: byMerchant.savedCardId } : {}),
  });
  return { attempt, amount: fee.total };
}
