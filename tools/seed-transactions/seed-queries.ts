import { sql } from "kysely";
import type { Db } from "@/db/client";

/** The enabled gateway settings with their currencies that exist in the currencies list: what seeded rows use. */
export async function countSeedableGateways(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM gateway_settings g
    WHERE g.enabled AND EXISTS (SELECT 1 FROM currencies c WHERE c.code = ANY(g.currencies))`.execute(db);
  return rows[0]!.n;
}

/**
 * Inserts transactions number `from` to `to` of seeding run `run` in one set-based statement: each spread over the
 * last 365 days, over the enabled gateways and their currencies, with a state a purchase or authorize gateway
 * would leave (only those of the last hour may still be `created`), an amount in the currency's places, mostly an
 * order number (unique per run), an e-mail (250,000 customers, with a customer id), a phone; most get one payment
 * attempt with a reference number; each gets its `created` event and, when it moved on, the event of that change;
 * a refunded one gets its refund operation and a captured one its capture (the Refunds and operations screen).
 * Returns how many it inserted.
 */
export async function insertSeedTransactions(db: Db, run: string, from: number, to: number): Promise<number> {
  const { rows } = await sql<{ inserted: number }>`
    WITH gw AS (
      SELECT (row_number() OVER (ORDER BY g.code))::int - 1 AS i, g.code, g.pg, g.operation,
        array(SELECT c.code FROM currencies c WHERE c.code = ANY(g.currencies) ORDER BY c.code) AS currencies
      FROM gateway_settings g
      WHERE g.enabled AND EXISTS (SELECT 1 FROM currencies c WHERE c.code = ANY(g.currencies))
    ),
    src AS MATERIALIZED (
      SELECT s.n, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6,
        random() AS r7, random() AS r8, random() AS r9,
        left(encode(sha256(convert_to(${run} || ':' || s.n, 'UTF8')), 'hex'), 40) AS session_id,
        date_trunc('milliseconds', now() - random() * interval '365 days') AS created_at,
        (SELECT count(*) FROM gw) AS gateways
      FROM generate_series(${from}::int, ${to}::int) AS s(n)
    ),
    picked AS MATERIALIZED (
      SELECT src.*, gw.code, gw.pg, gw.operation,
        gw.currencies[1 + floor(src.r2 * cardinality(gw.currencies))::int] AS currency_code,
        CASE
          WHEN src.created_at > now() - interval '1 hour' AND src.r3 < 0.5 THEN 'created'
          WHEN gw.operation = 'authorize' THEN
            CASE WHEN src.r3 < 0.50 THEN 'captured' WHEN src.r3 < 0.56 THEN 'authorized' WHEN src.r3 < 0.61 THEN 'voided'
              WHEN src.r3 < 0.74 THEN 'failed' WHEN src.r3 < 0.82 THEN 'canceled' WHEN src.r3 < 0.93 THEN 'expired'
              WHEN src.r3 < 0.98 THEN 'refunded' ELSE 'error' END
          ELSE
            CASE WHEN src.r3 < 0.60 THEN 'paid' WHEN src.r3 < 0.73 THEN 'failed' WHEN src.r3 < 0.81 THEN 'canceled'
              WHEN src.r3 < 0.93 THEN 'expired' WHEN src.r3 < 0.98 THEN 'refunded' ELSE 'error' END
        END AS state
      FROM src JOIN gw ON gw.i = floor(src.r1 * src.gateways)::int
    ),
    priced AS MATERIALIZED (
      SELECT p.*, round(greatest(1, exp(p.r4 * 7))::numeric, c.decimals) AS amount,
        p.state IN ('paid', 'captured', 'refunded') AS is_paid
      FROM picked p JOIN currencies c ON c.code = p.currency_code
    ),
    t AS (
      INSERT INTO transactions (session_id, state, operation, amount, currency_code, pg_codes, customer_id, customer_first_name,
        customer_last_name, customer_email, customer_phone, order_no, expiration_seconds, expires_at, language,
        paid_amount, captured_amount, refunded_amount, voided_amount, deleted_at, created_at, updated_at)
      SELECT p.session_id, p.state, p.operation, p.amount, p.currency_code, ARRAY[p.code],
        CASE WHEN p.r5 < 0.85 THEN 'cust-' || (p.n::bigint * 7919 % 250000) END,
        (ARRAY['Sara', 'Omar', 'Layla', 'Yousef', 'Noor', 'Ali', 'Mariam', 'Khaled'])[1 + p.n % 8],
        (ARRAY['Ahmad', 'Hassan', 'Saleh', 'Karim', 'Haddad', 'Nasser'])[1 + p.n % 6],
        CASE WHEN p.r5 < 0.85 THEN 'customer' || (p.n::bigint * 7919 % 250000) || '@example.com' END,
        CASE WHEN p.r6 < 0.70 THEN '965' || lpad((p.n::bigint * 104729 % 100000000)::text, 8, '0') END,
        CASE WHEN p.r7 < 0.90 THEN 'ORD-' || ${run} || '-' || lpad(p.n::text, 7, '0') END,
        3600, p.created_at + interval '1 hour', CASE WHEN p.n % 5 = 0 THEN 'ar' ELSE 'en' END,
        CASE WHEN p.is_paid THEN p.amount ELSE 0 END,
        CASE WHEN p.state = 'captured' THEN p.amount ELSE 0 END,
        CASE WHEN p.state = 'refunded' THEN p.amount ELSE 0 END,
        0,
        CASE WHEN p.state <> 'created' AND p.r8 < 0.002 THEN p.created_at + interval '1 day' END,
        p.created_at, p.created_at + interval '3 minutes'
      FROM priced p
      RETURNING session_id
    ),
    a AS (
      INSERT INTO payment_attempts (session_id, reference_number, gateway_code, pg, state, amount, currency_code,
        created_at, updated_at, completed_at)
      SELECT p.session_id, 'CK' || upper(left(encode(sha256(convert_to(${run} || ':ref:' || p.n, 'UTF8')), 'hex'), 16)),
        p.code, p.pg,
        CASE WHEN p.is_paid OR p.state IN ('authorized', 'voided') THEN 'success' WHEN p.state = 'failed' THEN 'declined'
          WHEN p.state = 'canceled' THEN 'canceled' WHEN p.state = 'error' THEN 'error' ELSE 'expired' END,
        p.amount, p.currency_code, p.created_at + interval '1 minute', p.created_at + interval '2 minutes',
        p.created_at + interval '2 minutes'
      FROM priced p
      WHERE p.state <> 'created' AND (p.state <> 'expired' OR p.r9 < 0.7)
      RETURNING id, session_id
    ),
    o AS (
      INSERT INTO operations (session_id, kind, state, amount, message, created_at, completed_at)
      SELECT p.session_id, CASE WHEN p.state = 'refunded' THEN 'refund' ELSE 'capture' END, 'success', p.amount,
        'Seeded', p.created_at + interval '2 minutes', p.created_at + interval '2 minutes'
      FROM priced p JOIN t USING (session_id)
      WHERE p.state IN ('refunded', 'captured')
    ),
    e AS (
      INSERT INTO transaction_events (session_id, kind, from_state, to_state, cause, attempt_id, created_at)
      SELECT p.session_id, 'created', NULL, 'created', 'seed', NULL::bigint, p.created_at
      FROM priced p
      UNION ALL
      SELECT p.session_id, 'state_changed', 'created', p.state, 'seed', a.id, p.created_at + interval '2 minutes'
      FROM priced p LEFT JOIN a ON a.session_id = p.session_id
      WHERE p.state <> 'created'
    )
    SELECT count(*)::int AS inserted FROM t`.execute(db);
  return rows[0]!.inserted;
}

/**
 * After a bulk load: fresh planner statistics, so the list's queries are planned for the table as it now is, and the
 * vacuum that autovacuum would start on its own for the inserted rows (PostgreSQL 13 and later), done now rather
 * than in the middle of what is measured next (it took the bench's create p99 past a second).
 */
export async function vacuumSeededTables(db: Db): Promise<void> {
  await sql`VACUUM (ANALYZE) transactions, payment_attempts, transaction_events, operations`.execute(db);
}
