import type { Db } from "../client";
import type { Agreement } from "../types";

/** Links an agreement of a customer to the card just saved under it; a card saved later under it takes its place. */
export function linkAgreement(
  db: Db,
  row: { customerId: string; agreement: Agreement; cardId: string; sessionId: string; amount: string; currencyCode: string },
) {
  const values = {
    card_id: row.cardId,
    agreement: JSON.stringify(row.agreement),
    session_id: row.sessionId,
    amount: row.amount,
    currency_code: row.currencyCode,
    created_at: new Date(),
  };
  return db
    .insertInto("card_agreements")
    .values({ customer_id: row.customerId, agreement_id: row.agreement.id, ...values })
    .onConflict((oc) => oc.columns(["customer_id", "agreement_id"]).doUpdateSet(values))
    .execute();
}

/** The agreement as the customer accepted it, the card it is on, and how many auto-debits it has charged or is charging. */
export function findAgreementLink(db: Db, customerId: string, agreementId: string) {
  return db
    .selectFrom("card_agreements")
    .select(["card_id", "agreement", "amount", "currency_code", "charges"])
    .where("customer_id", "=", customerId)
    .where("agreement_id", "=", agreementId)
    .executeTakeFirst();
}

/** Takes one of the agreement's charges for an auto-debit starting now; false when all `limit` are taken. */
export async function reserveAgreementCharge(db: Db, customerId: string, agreementId: string, limit: number | undefined) {
  let update = db
    .updateTable("card_agreements")
    .set((eb) => ({ charges: eb("charges", "+", 1) }))
    .where("customer_id", "=", customerId)
    .where("agreement_id", "=", agreementId);
  if (limit !== undefined) update = update.where("charges", "<", limit);
  return (await update.executeTakeFirst()).numUpdatedRows > 0n;
}

/** Gives back the charge of an auto-debit that did not go through. */
export function releaseAgreementCharge(db: Db, customerId: string, agreementId: string) {
  return db
    .updateTable("card_agreements")
    .set((eb) => ({ charges: eb("charges", "-", 1) }))
    .where("customer_id", "=", customerId)
    .where("agreement_id", "=", agreementId)
    .where("charges", ">", 0)
    .execute();
}
