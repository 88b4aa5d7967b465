import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../client";
import type { TransactionState } from "../types";

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
  search?: {
    /** Matched exactly against order_no and payment attempts' reference_number. */
    texts: string[];
    sessionId?: string;
    /** Lower case, matched against lower(customer_email). */
    email?: string;
    phones?: string[];
  };
  /** Rows strictly past this position: older ones (the next page) or newer ones (the previous page). */
  from?: { createdAt: string; sessionId: string; direction: "older" | "newer" };
  limit: number;
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
  customer_email: string | null;
  customer_phone: string | null;
  deleted_at: Date | null;
  /** The gateway that took the payment and its reference number (the settling attempt's), null while unpaid. */
  paid_gateway: string | null;
  reference_number: string | null;
}

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
  if (q.from) {
    // A row comparison, which the (created_at DESC, session_id DESC) index answers with one seek.
    const at = sql`(${q.from.createdAt}::timestamptz, ${q.from.sessionId}::bpchar)`;
    all.push(q.from.direction === "older" ? sql`(t.created_at, t.session_id) < ${at}` : sql`(t.created_at, t.session_id) > ${at}`);
  }
  return all;
}

/**
 * One OR of exact matches, each on its own index (PostgreSQL combines them in a BitmapOr); the reference
 * numbers' sessions are read first, as an array the primary key can take.
 */
function searchCondition(s: NonNullable<TransactionListQuery["search"]>) {
  const matches = [
    sql`t.order_no = ANY(${s.texts}::text[])`,
    sql`t.session_id = ANY(ARRAY(SELECT a.session_id FROM payment_attempts a WHERE a.reference_number = ANY(${s.texts}::text[])))`,
    ...(s.sessionId ? [sql`t.session_id = ${s.sessionId}::bpchar`] : []),
    ...(s.email ? [sql`lower(t.customer_email) = ${s.email}`] : []),
    ...(s.phones ? [sql`t.customer_phone = ANY(${s.phones}::text[])`] : []),
  ];
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
