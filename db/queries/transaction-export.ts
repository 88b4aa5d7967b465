import { sql } from "kysely";
import type { Db } from "../client";
import type { TransactionState } from "../types";
import { type TransactionListQuery, transactionPageQuery } from "./transaction-list";

// The reconciliation export's rows (docs/admin/export.md): the list's keyset page with the money of each
// transaction, and the money movements (payments, refunds, captures, voids) of a batch of transactions.
// Amounts are rounded to the currency's places here, signed where they can be negative (net).

/** The gateway's own id of a payment or operation, from its stored answer (Stripe, KNET, the sandbox). */
const gatewayReference = (response: ReturnType<typeof sql>) =>
  sql<string | null>`coalesce(${response}->>'refund', ${response}->>'payment_intent', ${response}->>'tranid', ${response}->>'paymentid', ${response}->>'checkout_session')`;

const utc = (at: ReturnType<typeof sql>) => sql<string | null>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface TransactionExportRow {
  session_id: string;
  created_key: string;
  created_at: string;
  paid_at: string | null;
  settled_at: string | null;
  order_no: string | null;
  reference_number: string | null;
  state: TransactionState;
  operation: string;
  amount: string;
  paid_amount: string;
  fee: string;
  refunded_amount: string;
  voided_amount: string;
  net: string;
  currency_code: string;
  gateway_code: string | null;
  gateway_reference: string | null;
  pg_codes: string[];
  customer_email: string | null;
  customer_phone: string | null;
  deleted: boolean;
}

/**
 * A keyset page of the list (same filters, scope and order, and its settling attempt `s`) with each transaction's
 * money: that payment's fee, time and gateway reference, and for an authorization the time of its last capture.
 */
export async function exportTransactionPage(db: Db, q: TransactionListQuery): Promise<TransactionExportRow[]> {
  const rows = await transactionPageQuery(db, q)
    .select([
      utc(sql`t.created_at`).as("created_at"),
      utc(sql`s.completed_at`).as("paid_at"),
      utc(sql`CASE WHEN t.operation = 'authorize' THEN (SELECT max(o.completed_at) FROM operations o WHERE o.session_id = t.session_id AND o.kind = 'capture' AND o.state = 'success') ELSE s.completed_at END`).as("settled_at"),
      "t.operation",
      sql<string>`round(t.paid_amount, cur.decimals)::text`.as("paid_amount"),
      sql<string>`round(coalesce(s.fee, 0), cur.decimals)::text`.as("fee"),
      sql<string>`round(t.refunded_amount, cur.decimals)::text`.as("refunded_amount"),
      sql<string>`round(t.voided_amount, cur.decimals)::text`.as("voided_amount"),
      sql<string>`round(t.paid_amount - coalesce(s.fee, 0) - t.refunded_amount - t.voided_amount, cur.decimals)::text`.as("net"),
      sql<string | null>`s.gateway_code`.as("gateway_code"),
      gatewayReference(sql`s.gateway_response`).as("gateway_reference"),
      sql<boolean>`t.deleted_at IS NOT NULL`.as("deleted"),
    ])
    .innerJoin("currencies as cur", "cur.code", "t.currency_code")
    .execute();
  return rows.map((r) => ({ ...r, amount: roundTo(r.amount, r.decimals) }) as unknown as TransactionExportRow);
}

/** numeric text with exactly `decimals` places (the list's query reads the amount unrounded). */
function roundTo(text: string, decimals: number): string {
  const [whole, fraction = ""] = text.split(".");
  return decimals === 0 ? whole! : `${whole}.${fraction.padEnd(decimals, "0").slice(0, decimals)}`;
}

export type MovementKind = "payment" | "refund" | "capture" | "void";

export interface MovementExportRow {
  session_id: string;
  order_no: string | null;
  movement: MovementKind;
  state: string;
  amount: string;
  fee: string;
  net: string;
  currency_code: string;
  reference_number: string | null;
  gateway_code: string | null;
  gateway_reference: string | null;
  created_at: string;
  completed_at: string | null;
}

/**
 * The money movements of these transactions, in the given order of transactions and by time within each: every
 * successful payment attempt (duplicates too: that money was taken) and every refund, capture and void that
 * succeeded or still waits for its gateway (a failed one moved nothing). `net` is the movement's effect on the
 * money kept: a payment its amount less its fee, a refund or void minus its amount, a capture nothing (its
 * authorization's payment already counts).
 */
export async function exportMovements(db: Db, sessionIds: string[]): Promise<MovementExportRow[]> {
  if (sessionIds.length === 0) return [];
  const { rows } = await sql<MovementExportRow>`
    WITH chosen AS (SELECT session_id, ord FROM unnest(${sessionIds}::text[]) WITH ORDINALITY AS x(session_id, ord)),
    moves AS (
      SELECT a.session_id, 'payment' AS movement, a.state, a.amount, a.fee, a.amount - a.fee AS net, a.reference_number,
        a.gateway_code, ${gatewayReference(sql`a.gateway_response`)} AS gateway_reference, a.created_at, a.completed_at
      FROM payment_attempts a JOIN chosen USING (session_id) WHERE a.state = 'success'
      UNION ALL
      SELECT o.session_id, o.kind, o.state, coalesce(o.amount, 0), 0,
        CASE WHEN o.kind = 'capture' THEN 0 ELSE -coalesce(o.amount, 0) END, o.reference_number,
        pa.gateway_code, ${gatewayReference(sql`o.gateway_response`)}, o.created_at, o.completed_at
      FROM operations o JOIN chosen USING (session_id) LEFT JOIN payment_attempts pa ON pa.id = o.attempt_id
      WHERE o.kind IN ('refund', 'capture', 'void') AND o.state IN ('success', 'pending')
    )
    SELECT m.session_id, t.order_no, m.movement, m.state,
      round(m.amount, cur.decimals)::text AS amount, round(m.fee, cur.decimals)::text AS fee,
      round(m.net, cur.decimals)::text AS net, t.currency_code, m.reference_number, m.gateway_code, m.gateway_reference,
      ${utc(sql`m.created_at`)} AS created_at, ${utc(sql`m.completed_at`)} AS completed_at
    FROM moves m JOIN chosen c USING (session_id) JOIN transactions t ON t.session_id = m.session_id
      JOIN currencies cur ON cur.code = t.currency_code
    ORDER BY c.ord, m.created_at, m.movement`.execute(db);
  return rows;
}
