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

/** What an auto-debit needs of the saved card it charges. */
export interface CardToCharge {
  id: string;
  token: string;
  gateway_code: string;
  expiry_month: number;
  expiry_year: number;
  deleted_at: Date | null;
}

/** The agreement as the customer accepted it, the card it is on, and how many auto-debits it has charged or is charging. */
export interface AgreementLink {
  card_id: string;
  agreement: Agreement;
  amount: string;
  currency_code: string;
  charges: number;
}

/** In one round trip: the customer's card with this token (deleted too, to say why) and the agreement's link, each or none. */
export async function findCardAndAgreement(db: Db, token: string, customerId: string, agreementId: string) {
  const { rows } = await sql<Partial<CardToCharge> & { link_card_id: string | null } & Omit<AgreementLink, "card_id">>`
    SELECT c.id, c.token, c.gateway_code, c.expiry_month, c.expiry_year, c.deleted_at,
      a.card_id AS link_card_id, a.agreement, a.amount, a.currency_code, a.charges
    FROM (SELECT 1) AS one
    LEFT JOIN saved_cards c ON c.token = ${token} AND c.customer_id = ${customerId}
    LEFT JOIN card_agreements a ON a.customer_id = ${customerId} AND a.agreement_id = ${agreementId}`.execute(db);
  const row = rows[0]!;
  const card: CardToCharge | undefined = row.id
    ? { id: row.id, token: row.token!, gateway_code: row.gateway_code!, expiry_month: row.expiry_month!, expiry_year: row.expiry_year!, deleted_at: row.deleted_at ?? null }
    : undefined;
  const link: AgreementLink | undefined = row.link_card_id
    ? { card_id: row.link_card_id, agreement: row.agreement, amount: row.amount, currency_code: row.currency_code, charges: row.charges }
    : undefined;
  return { card, link };
}

/**
 * Takes one of the agreement's charges for an auto-debit starting now, and makes its card the customer's newest,
 * in one statement; false (nothing changed) when all `limit` charges are taken.
 */
export async function reserveAgreementCharge(db: Db, row: { customerId: string; agreementId: string; limit: number | undefined; cardId: string }) {
  const { rows } = await sql`
    WITH reserved AS (
      UPDATE card_agreements SET charges = charges + 1
      WHERE customer_id = ${row.customerId} AND agreement_id = ${row.agreementId}
        AND (${row.limit ?? null}::int IS NULL OR charges < ${row.limit ?? null}::int)
      RETURNING 1
    )
    UPDATE saved_cards SET last_used_at = now() WHERE id = ${row.cardId} AND EXISTS (SELECT 1 FROM reserved) RETURNING id`.execute(db);
  return rows.length > 0;
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
