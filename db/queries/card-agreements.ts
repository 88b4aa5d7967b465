import { sql } from "kysely";
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

/** In one round trip: the customer's card with this token (deleted too, to say why) and the agreement's link, each or none. */
export async function findCardAndAgreement(db: Db, token: string, customerId: string, agreementId: string) {
  const { rows } = await sql<Partial<CardToCharge> & { link_card_id: string | null } & Omit<AgreementLink, "card_id">>`
    SELECT c.id, c.token, c.gateway_code, c.expiry_month, c.expiry_year, c.deleted_at,
      a.card_id AS link_card_id, a.agreement, a.amount, a.currency_code, a.charges, a.last_charge_at
    FROM (SELECT 1) AS one
    LEFT JOIN saved_cards c ON c.token = ${token} AND c.customer_id = ${customerId}
    LEFT JOIN card_agreements a ON a.customer_id = ${customerId} AND a.agreement_id = ${agreementId}`.execute(db);
  const row = rows[0]!;
  const card: CardToCharge | undefined = row.id
    ? { id: row.id, token: row.token!, gateway_code: row.gateway_code!, expiry_month: row.expiry_month!, expiry_year: row.expiry_year!, deleted_at: row.deleted_at ?? null }
    : undefined;
  const link: AgreementLink | undefined = row.link_card_id
    ? {
        card_id: row.link_card_id,
        agreement: row.agreement,
        amount: row.amount,
        currency_code: row.currency_code,
        charges: row.charges,
        last_charge_at: row.last_charge_at,
      }
    : undefined;
  return { card, link };
}

/**
 * Takes one of the agreement's charges for the auto-debit `attemptId` starting now, and makes its card the
 * customer's newest, in one statement; false (nothing changed) when all `limit` charges are taken or the cycle
 * does not allow a charge on `today` (YYYY-MM-DD, UTC) yet. The UPDATE locks the agreement's row and, when another
 * reservation of it commits first, decides again on that row as the other left it: of two at once, only those the
 * rules still allow pass. The charge's start (the attempt's created_at) becomes the one the next cycle counts from.
 */
export async function reserveAgreementCharge(
  db: Db,
  row: {
    customerId: string;
    agreementId: string;
    limit: number | undefined;
    cycle: { months: number; days: number } | null;
    today: string;
    attemptId: string;
    cardId: string;
  },
) {
  const { rows } = await sql`
    WITH reserved AS (
      UPDATE card_agreements SET
        charges = charges + 1,
        previous_charge_at = last_charge_at,
        last_charge_at = (SELECT created_at FROM payment_attempts WHERE id = ${row.attemptId})
      WHERE customer_id = ${row.customerId} AND agreement_id = ${row.agreementId}
        AND (${row.limit ?? null}::int IS NULL OR charges < ${row.limit ?? null}::int)
        AND (${row.cycle === null}::boolean
          OR (last_charge_at AT TIME ZONE 'UTC')::date
            + make_interval(months => ${row.cycle?.months ?? 0}::int, days => ${row.cycle?.days ?? 0}::int) <= ${row.today}::date)
      RETURNING 1
    )
    UPDATE saved_cards SET last_used_at = now() WHERE id = ${row.cardId} AND EXISTS (SELECT 1 FROM reserved) RETURNING id`.execute(db);
  return rows.length > 0;
}

/**
 * Gives back the charge of an auto-debit that did not go through, and, while it is still the agreement's last
 * charge, the time the cycle counted from before it.
 */
export function releaseAgreementCharge(db: Db, customerId: string, agreementId: string, attemptId: string) {
  return sql`
    UPDATE card_agreements SET
      charges = charges - 1,
      last_charge_at = CASE WHEN last_charge_at = (SELECT created_at FROM payment_attempts WHERE id = ${attemptId})
        THEN coalesce(previous_charge_at, last_charge_at) ELSE last_charge_at END
    WHERE customer_id = ${customerId} AND agreement_id = ${agreementId} AND charges > 0`.execute(db);
}
