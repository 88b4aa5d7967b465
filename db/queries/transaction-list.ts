import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../client";
import type { PaymentType, TransactionState } from "../types";

/** What the admin panel's list asks for; every part is optional but the page size. */
export interface TransactionListQuery {
  /** The gateway codes the caller may use: a transaction is listed when every one of its pg_codes is among them; null: every transaction. */
  gatewayScope: string[] | null;
  state?: TransactionState;
  gateway?: string;
  currency?: string;
  /** created_at ≥ createdFrom and < createdBefore. */
  createdFrom?: Date;
  createdBefore?: Date;
  /** Inclusive bounds on the amount, as decimal text. */
  minAmount?: string;
  maxAmount?: string;
  search?: ListSearch;
  /** Some money was refunded (refunded_amount > 0). */
  refunded?: boolean;
  /** A webhook delivery of the transaction is failing (failed for good, or waiting for a retry after a failed try). */
  failingWebhooks?: boolean;
  paymentType?: PaymentType;
  /** The gateway of the settling attempt (the one that took the payment). */
  paidVia?: string;
  /** The Customer view: the transactions of one customer id, or of one e-mail (lower case). */
  customerId?: string;
  customerEmail?: string;
  /** Rows strictly past this position: older ones (the next page) or newer ones (the previous page). */
  from?: { createdAt: string; sessionId: string; direction: "older" | "newer" };
  limit: number;
}

/** The search box's text, as each kind of key takes it; the text is data, never SQL (bound, LIKE-escaped here). */
export interface ListSearch {
  /** Lower case: a prefix of lower(order_no). */
  orderPrefix: string;
  /** Upper case: a prefix of a payment attempt's reference_number (long enough to be selective). */
  referencePrefix?: string;
  /** A prefix of the session id, as the range [from, to) of its primary key (to: null, none above). */
  sessionRange?: { from: string; to: string | null };
  /**
   * Substrings of the customer's name, e-mail or phone, lower case: `text` whole, found through the trigrams of
   * `window` (at least 3 characters, pg_trgm's trigram; the part of the text that tells customers apart, so that
   * the index reads few rows), then checked whole on those rows.
   */
  substrings: { text: string; window: string }[];
}

export interface TransactionListRow {
  session_id: string;
  /** created_at to the microsecond (ISO 8601, UTC), the key of the list's order. */
  created_key: string;
  order_no: string | null;
  state: TransactionState;
  amount: string;
  currency_code: string;
  decimals: number;
  pg_codes: string[];
  customer_id: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  deleted_at: Date | null;
  /** The gateway that took the payment and its reference number (the settling attempt's), null while unpaid. */
  paid_gateway: string | null;
  reference_number: string | null;
}

/**
 * The customer's name, e-mail and phone as one lower-case text: the expression of the transactions_customer_text
 * trigram index (migration 0033), word for word, so the planner uses it.
 */
export const CUSTOMER_TEXT = sql`lower(coalesce(t.customer_first_name, '') || ' ' || coalesce(t.customer_last_name, '') || ' ' ||
      coalesce(t.customer_email, '') || ' ' || coalesce(t.customer_phone, ''))`;

/** The predicate of the webhook_deliveries_failing index (0014), word for word. */
const FAILING_DELIVERY = sql`(d.state = 'failed' OR (d.state = 'pending' AND d.attempt_count > 0))`;

/** LIKE's wildcards and its escape character taken literally: a typed % or _ is a character to find, not a pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(q: TransactionListQuery): RawBuilder<unknown>[] {
  const all: RawBuilder<unknown>[] = [];
  if (q.gatewayScope) all.push(sql`t.pg_codes <@ ${q.gatewayScope}::text[]`);
  if (q.gateway) all.push(sql`t.pg_codes && ARRAY[${q.gateway}]::text[]`);
  if (q.state) all.push(sql`t.state = ${q.state}`);
  if (q.currency) all.push(sql`t.currency_code = ${q.currency}`);
  if (q.createdFrom) all.push(sql`t.created_at >= ${q.createdFrom}`);
  if (q.createdBefore) all.push(sql`t.created_at < ${q.createdBefore}`);
  if (q.minAmount) all.push(sql`t.amount >= ${q.minAmount}::numeric`);
  if (q.maxAmount) all.push(sql`t.amount <= ${q.maxAmount}::numeric`);
  if (q.search) all.push(searchCondition(q.search));
  if (q.refunded) all.push(sql`t.refunded_amount > 0`);
  if (q.failingWebhooks) {
    // Failing deliveries are few (their own small index): their sessions first, as an array the primary key takes.
    all.push(sql`t.session_id = ANY(ARRAY(SELECT d.session_id FROM webhook_deliveries d WHERE ${FAILING_DELIVERY}))`);
  }
  if (q.paymentType) {
    all.push(sql`t.payment_type = ${q.paymentType}`);
    // Said outright so that the planner takes the partial index of the rare types.
    if (q.paymentType !== "one_off") all.push(sql`t.payment_type <> 'one_off'`);
  }
  if (q.paidVia) {
    // The gateway that took it is one the transaction offered: the pg_codes condition lets the GIN index narrow first.
    all.push(sql`t.pg_codes && ARRAY[${q.paidVia}]::text[]`);
    // Checked row by row (OFFSET 0 keeps it a subplan). As a semi join, its estimate took the gateway that was paid
    // for as independent of those offered (a tenth of the truth), the list's walk in order looked dear, and "has
    // refunds, paid through card-auth" on a million rows was bitmap-scanned and sorted instead: 338 ms, not 10
    // (docs/admin/txlist-explain.md).
    all.push(sql`EXISTS (SELECT 1 FROM payment_attempts a WHERE a.session_id = t.session_id
      AND a.state = 'success' AND NOT a.is_duplicate AND a.gateway_code = ${q.paidVia} OFFSET 0)`);
  }
  if (q.customerId) all.push(sql`t.customer_id = ${q.customerId}`);
  if (q.customerEmail) all.push(sql`lower(t.customer_email) = ${q.customerEmail}`);
  if (q.from) {
    // A row comparison, which the (created_at DESC, session_id DESC) index answers with one seek.
    const at = sql`(${q.from.createdAt}::timestamptz, ${q.from.sessionId}::bpchar)`;
    all.push(q.from.direction === "older" ? sql`(t.created_at, t.session_id) < ${at}` : sql`(t.created_at, t.session_id) > ${at}`);
  }
  return all;
}

/**
 * One OR of prefix and substring matches, each on its own index (PostgreSQL combines them in a BitmapOr, or walks
 * the list's order and filters when the text is common): order number and session id by prefix, the customer's
 * name, e-mail and phone by substring (trigrams); the reference numbers' sessions are read first, as an array the
 * primary key can take (at most 1,000: the prefix is long enough to be selective).
 */
function searchCondition(s: ListSearch) {
  const matches = [sql`lower(t.order_no) LIKE ${`${escapeLike(s.orderPrefix)}%`}`];
  if (s.referencePrefix) {
    matches.push(sql`t.session_id = ANY(ARRAY(SELECT a.session_id FROM payment_attempts a
      WHERE a.reference_number LIKE ${`${escapeLike(s.referencePrefix)}%`} LIMIT 1000))`);
  }
  if (s.sessionRange) {
    const { from, to } = s.sessionRange;
    matches.push(to === null ? sql`t.session_id >= ${from}::bpchar` : sql`(t.session_id >= ${from}::bpchar AND t.session_id < ${to}::bpchar)`);
  }
  for (const { text, window } of s.substrings) {
    const found = sql`${CUSTOMER_TEXT} LIKE ${`%${escapeLike(window)}%`}`;
    // strpos takes the text literally and no index: it only checks the rows the window's trigrams found.
    matches.push(window === text ? found : sql`(${found} AND strpos(${CUSTOMER_TEXT}, ${text}) > 0)`);
  }
  return sql`(${sql.join(matches, sql` OR `)})`;
}

/**
 * A page of the list in its order (created_at DESC, session_id DESC), read by keyset: `limit` rows past
 * `from`, whatever the page's number. Newer rows (the previous page) come back newest last.
 */
export function transactionPageQuery(db: Db, q: TransactionListQuery) {
  const direction = q.from?.direction === "newer" ? "asc" : "desc";
  const all = conditions(q);
  return db
    .selectFrom("transactions as t")
    .where(sql<SqlBool>`${all.length > 0 ? sql.join(all, sql` AND `) : sql`TRUE`}`)
    .select([
      "t.session_id",
      sql<string>`to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as("created_key"),
      "t.order_no",
      "t.state",
      sql<string>`t.amount::text`.as("amount"),
      "t.currency_code",
      sql<number>`(SELECT c.decimals FROM currencies c WHERE c.code = t.currency_code)`.as("decimals"),
      "t.pg_codes",
      "t.customer_id",
      "t.customer_first_name",
      "t.customer_last_name",
      "t.customer_email",
      "t.customer_phone",
      "t.deleted_at",
      sql<string | null>`s.gateway_code`.as("paid_gateway"),
      sql<string | null>`s.reference_number`.as("reference_number"),
    ])
    // The attempt that settled it (as the API's settled_pg_code): one index probe per row of the page.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("payment_attempts as a")
          .select(["a.gateway_code", "a.reference_number", "a.fee", "a.completed_at", "a.gateway_response"])
          .whereRef("a.session_id", "=", "t.session_id")
          .where("a.state", "=", "success")
          .where("a.is_duplicate", "=", false)
          .orderBy("a.completed_at")
          .limit(1)
          .as("s"),
      (join) => join.onTrue(),
    )
    .orderBy("t.created_at", direction)
    .orderBy("t.session_id", direction)
    .limit(q.limit);
}

/**
 * The page's rows. With `timeoutMs`, PostgreSQL gives up on the query after that long (isQueryTimeout), so that
 * a filter no index serves (an amount range nothing matches) cannot tie up a connection scanning the table.
 */
export function listTransactionPage(db: Db, q: TransactionListQuery, timeoutMs?: number): Promise<TransactionListRow[]> {
  if (timeoutMs === undefined) return transactionPageQuery(db, q).execute();
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
    return transactionPageQuery(trx, q).execute();
  });
}

/** PostgreSQL canceled the statement: its statement_timeout ran out. */
export const isQueryTimeout = (error: unknown) => (error as { code?: unknown } | null)?.code === "57014";

/** The gateway codes and currency codes a filter may name, in one round trip. */
export async function listFilterChoices(db: Db): Promise<{ gateways: string[]; currencies: string[] }> {
  const { rows } = await sql<{ gateways: string[]; currencies: string[] }>`
    SELECT array(SELECT code FROM gateway_settings ORDER BY code) AS gateways,
      array(SELECT code FROM currencies ORDER BY code) AS currencies`.execute(db);
  return rows[0]!;
}
