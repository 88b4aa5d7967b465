import { type RawBuilder, sql } from "kysely";
import type { Db } from "../client";
import type { Agreement } from "../types";

/**
 * Links an agreement of a customer to the card just saved under it; a card saved later under it takes its place.
 * The payment that links it is a charge under the agreement: its cycle counts from now.
 */
export function linkAgreement(
  db: Db,
  row: { customerId: string; agreement: Agreement; cardId: string; sessionId: string; amount: string; currencyCode: string },
) {
  const now = new Date();
  const values = {
    card_id: row.cardId,
    agreement: JSON.stringify(row.agreement),
    session_id: row.sessionId,
    amount: row.amount,
    currency_code: row.currencyCode,
    created_at: now,
    last_charge_at: now,
  };
  return db
    .insertInto("card_agreements")
    .values({ customer_id: row.customerId, agreement_id: row.agreement.id, ...values })
    .onConflict((oc) =>
      oc.columns(["customer_id", "agreement_id"]).doUpdateSet((eb) => ({ ...values, previous_charge_at: eb.ref("card_agreements.last_charge_at") })),
    )
    .execute();
}

/** What an auto-debit needs of the saved card it charges. */
export interface CardToCharge {
  id: string;
  token: string;
  gateway_code: string;
  expiry_month: number;
  expiry_year: number;
  deleted_at: Date | null;
}

/**
 * The agreement as the customer accepted it (with the first payment's amount and currency), the card it is on,
 * how many auto-debits it has charged or is charging, and when the last charge under it started.
 */
export interface AgreementLink {
  card_id: string;
  agreement: Agreement;
  amount: string;
  currency_code: string;
  charges: number;
  last_charge_at: Date;
}

/**
 * Gives back the charge of an auto-debit that did not go through, and, while it is still the agreement's last
 * charge, the time the cycle counted from before it. `attemptCreatedAt`: the SQL of the attempt's created_at.
 * An UPDATE to end with more conditions (db/queries/auto-debits.ts settles with it).
 */
export const releaseAgreementChargeSql = (customerId: string, agreementId: string, attemptCreatedAt: RawBuilder<unknown>) => sql`
    UPDATE card_agreements SET
      charges = charges - 1,
      last_charge_at = CASE WHEN last_charge_at = ${attemptCreatedAt}
        THEN coalesce(previous_charge_at, last_charge_at) ELSE last_charge_at END
    WHERE customer_id = ${customerId} AND agreement_id = ${agreementId} AND charges > 0`;

export function releaseAgreementCharge(db: Db, customerId: string, agreementId: string, attemptId: string) {
  return releaseAgreementChargeSql(customerId, agreementId, sql`(SELECT created_at FROM payment_attempts WHERE id = ${attemptId})`).execute(db);
}
