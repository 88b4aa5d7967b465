import { type Insertable, sql } from "kysely";
import type { Db } from "../client";
import { ATTEMPT_ROW, ATTEMPT_ROW_OF_A } from "../columns";
import { compiledOnce } from "../compiled-once";
import type { PaymentAttempt, PaymentAttemptsTable, TransactionState } from "../types";
import type { AgreementLink, CardToCharge } from "./card-agreements";
import { reviveTransaction, type TransactionRow } from "./transactions";

// An auto-debit in as few round trips as its guarantees allow: what it decides on in one read, its claim in one
// statement, its settlement in another (db/queries/settle-at-once.ts; lib/checkout/auto-debit/auto-debit.ts says
// what each guarantees).

/**
 * What an auto-debit decides on: the transaction's row (not its view: the configuration comes from the cache), the
 * row's version, the customer's card and agreement link.
 */
export interface AutoDebitFacts {
  txn: TransactionRow;
  /** The transaction row's xmin: the claim goes through only while the row is as read. */
  version: string;
  card: CardToCharge | undefined;
  link: AgreementLink | undefined;
}

/**
 * In one round trip: the transaction, its customer's card with this token (deleted too, to say why) and the link
 * of the transaction's agreement, each or none.
 */
export async function findAutoDebitFacts(db: Db, sessionId: string, token: string): Promise<AutoDebitFacts | undefined> {
  const row = (await autoDebitFacts(db, sessionId, token))[0];
  if (!row) return undefined;
  const { version, card, link } = row;
  return {
    txn: reviveTransaction(row.txn),
    version,
    card: card ? { ...card, deleted_at: card.deleted_at === null ? null : new Date(card.deleted_at) } : undefined,
    link: link ? { ...link, last_charge_at: new Date(link.last_charge_at) } : undefined,
  };
}

const autoDebitFacts = compiledOnce(
  (sessionId: string, token: string) => sql<{ txn: TransactionRow; version: string; card: RawCard | null; link: RawLink | null }>`
    SELECT to_jsonb(t) AS txn, t.xmin::text AS version,
      (SELECT json_build_object('id', c.id::text, 'token', c.token, 'gateway_code', c.gateway_code,
        'expiry_month', c.expiry_month, 'expiry_year', c.expiry_year, 'deleted_at', c.deleted_at)
        FROM saved_cards c WHERE c.token = ${token} AND c.customer_id = t.customer_id) AS card,
      (SELECT json_build_object('card_id', a.card_id::text, 'agreement', a.agreement, 'amount', a.amount::text,
        'currency_code', a.currency_code, 'charges', a.charges, 'last_charge_at', a.last_charge_at)
        FROM card_agreements a WHERE a.customer_id = t.customer_id AND a.agreement_id = t.agreement->>'id') AS link
    FROM transactions t WHERE t.session_id = ${sessionId}`,
);

// json_build_object writes timestamps as text.
type RawCard = Omit<CardToCharge, "deleted_at"> & { deleted_at: string | null };
type RawLink = Omit<AgreementLink, "last_charge_at"> & { last_charge_at: string };

export interface AutoDebitClaim {
  sessionId: string;
  /** AutoDebitFacts.version. */
  version: string;
  from: readonly TransactionState[];
  operation: string;
  attempt: Insertable<PaymentAttemptsTable> & { saved_card_id: string };
  customerId: string;
  agreementId: string;
  limit: number | undefined;
  cycle: { months: number; days: number } | null;
  /** YYYY-MM-DD, UTC. */
  today: string;
}

/**
 * The claim, in one statement (so its locks last only as long as it does): locks the transaction row while it is
 * as read (`version`) and in `from`; takes one of the agreement's charges while `limit` and the cycle allow one on
 * `today` (the UPDATE locks the agreement's row and, when another claim of it commits first, decides again on the
 * row as that one left it); then moves the transaction to pending, opens the attempt with its event, and makes
 * the card the customer's newest. The event plans no job: a move to pending tells nobody (as a payment's start,
 * test/jobs/silent-events.test.ts); the charge's result does. The rows are locked in the order every payment
 * takes them (transaction, then agreement). Undefined, with nothing changed, when any condition fails: the caller reads again to say why.
 * The charge's start (the attempt's created_at, now()) becomes the one the next cycle counts from.
 */
export async function claimAutoDebit(db: Db, claim: AutoDebitClaim): Promise<PaymentAttempt | undefined> {
  const a = claim.attempt;
  const { rows } = await sql<PaymentAttempt>`
    WITH locked AS (
      SELECT t.session_id FROM transactions t
      WHERE t.session_id = ${claim.sessionId} AND t.xmin = ${claim.version}::xid AND t.state = ANY(${claim.from}::text[])
      FOR UPDATE
    ), reserved AS (
      UPDATE card_agreements SET charges = charges + 1, previous_charge_at = last_charge_at, last_charge_at = now()
      WHERE customer_id = ${claim.customerId} AND agreement_id = ${claim.agreementId} AND EXISTS (SELECT 1 FROM locked)
        AND (${claim.limit ?? null}::int IS NULL OR charges < ${claim.limit ?? null}::int)
        AND (${claim.cycle === null}::boolean
          OR (last_charge_at AT TIME ZONE 'UTC')::date
            + make_interval(months => ${claim.cycle?.months ?? 0}::int, days => ${claim.cycle?.days ?? 0}::int) <= ${claim.today}::date)
      RETURNING 1
    ), moved AS (
      UPDATE transactions t SET state = 'pending', operation = ${claim.operation}, updated_at = now()
      FROM locked WHERE t.session_id = locked.session_id AND EXISTS (SELECT 1 FROM reserved)
      RETURNING t.session_id
    ), a AS (
      INSERT INTO payment_attempts (session_id, reference_number, gateway_code, pg, amount, fee, currency_code, initiator, saved_card_id)
      SELECT moved.session_id, ${a.reference_number}, ${a.gateway_code}, ${a.pg}, ${a.amount}::numeric, ${a.fee ?? 0}::numeric,
        ${a.currency_code}, 'merchant', ${a.saved_card_id}::bigint
      FROM moved
      RETURNING ${ATTEMPT_ROW}
    ), e AS (
      INSERT INTO transaction_events (session_id, kind, from_state, to_state, cause, attempt_id, data)
      SELECT a.session_id, 'state_changed', 'created', 'pending', 'auto_debit', a.id, '{}'::jsonb FROM a
      RETURNING event_id
    ), used AS (
      UPDATE saved_cards SET last_used_at = now() WHERE id = ${a.saved_card_id}::bigint AND EXISTS (SELECT 1 FROM a)
    )
    SELECT ${ATTEMPT_ROW_OF_A} FROM a`.execute(db);
  return rows[0];
}
