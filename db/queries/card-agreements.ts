import { sql } from "kysely";
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

/** The agreement as the customer accepted it, the card it is on, and how many auto-debits it has paid so far. */
export function findAgreementLink(db: Db, customerId: string, agreementId: string) {
  return db
    .selectFrom("card_agreements as a")
    .select([
      "a.card_id",
      "a.agreement",
      "a.amount",
      "a.currency_code",
      (eb) =>
        eb
          .selectFrom("payment_attempts as p")
          .innerJoin("transactions as t", "t.session_id", "p.session_id")
          .select(sql<string>`count(*)`.as("n"))
          .where("p.initiator", "=", "merchant")
          .where("p.state", "=", "success")
          .where("p.is_duplicate", "=", false)
          .where("t.customer_id", "=", customerId)
          .where(sql<string>`t.agreement->>'id'`, "=", agreementId)
          .as("charges"),
    ])
    .where("a.customer_id", "=", customerId)
    .where("a.agreement_id", "=", agreementId)
    .executeTakeFirst();
}
