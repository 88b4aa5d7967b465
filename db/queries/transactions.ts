import { type Insertable, type RawBuilder, type Selectable, type Updateable, sql } from "kysely";
import type { Db } from "../client";
import { compiledOnce, compiledPerShape } from "../compiled-once";
import type { TransactionsTable } from "../types";
import { addJobSql } from "./jobs";
import { type LinkCodes, linkCodesJson } from "./link-codes";

export type TransactionRow = Selectable<TransactionsTable>;
export type NewTransaction = Insertable<TransactionsTable>;

export interface GatewayView {
  code: string;
  name: string;
  pg: string;
  is_sandbox: boolean;
  currencies: string[];
  operation: "purchase" | "authorize";
  fee_fixed: string;
  fee_percent: string;
  icon_url: string | null;
  /** An icon was uploaded (served by /icons/gateways/{code}). */
  has_icon: boolean;
  enabled: boolean;
  /** Failover order among the transaction's gateways: higher first (lib/checkout/payments/fallback-gateways.ts). */
  priority: number;
}

const gatewaysJson = (codes: ReturnType<typeof sql>) => sql<GatewayView[]>`(
  SELECT coalesce(json_agg(json_build_object('code', g.code, 'name', g.name, 'pg', g.pg, 'is_sandbox', g.is_sandbox,
    'currencies', g.currencies, 'operation', g.operation, 'fee_fixed', g.fee_fixed::text,
    'fee_percent', g.fee_percent::text, 'icon_url', g.icon_url, 'has_icon', g.icon IS NOT NULL, 'enabled', g.enabled,
    'priority', g.priority)), '[]'::json)
  FROM gateway_settings g WHERE g.code = ANY(${codes}))`;

export interface CheckoutConfig {
  default_expiration_seconds: number;
  default_redirect_url: string | null;
  decimals: number | null;
  gateways: GatewayView[];
}

/** Everything create/update checks against, in one round trip: defaults, the currency, the named gateways. */
export async function loadCheckoutConfig(db: Db, currency: string, codes: string[]): Promise<CheckoutConfig> {
  const { rows } = await sql<CheckoutConfig>`
    SELECT s.default_expiration_seconds, s.default_redirect_url,
      (SELECT decimals FROM currencies WHERE code = ${currency}) AS decimals,
      ${gatewaysJson(sql`${codes}::text[]`)} AS gateways
    FROM settings s WHERE s.id = 1`.execute(db);
  return rows[0]!;
}

export function listCurrencyCodes(db: Db): Promise<string[]> {
  return db.selectFrom("currencies").select("code").orderBy("code").execute().then((r) => r.map((c) => c.code));
}

/**
 * A payment attempt as the transaction's representation shows it. Of the stored card only the brand and the
 * masked number are read (never the expiry); the representation keeps the masked number's last four digits.
 */
export interface AttemptView {
  reference_number: string;
  state: string;
  gateway_code: string;
  /** With the fee, as charged; numeric text. */
  amount: string;
  is_duplicate: boolean;
  card_brand: string | null;
  card_masked: string | null;
  message: string | null;
  /** The gateway's answer, of a declined attempt only (the page says why; lib/gateways/decline-reason.ts). */
  decline_response: Record<string, unknown> | null;
  created_at: Date;
  completed_at: Date | null;
}

export interface TransactionView {
  txn: TransactionRow;
  decimals: number;
  gateways: GatewayView[];
  default_redirect_url: string | null;
  attachment_token: string | null;
  /** Codes of its short links and QR code (db/queries/link-codes.ts). */
  links: LinkCodes;
  /** Every payment attempt of the transaction, oldest first. */
  attempts: AttemptView[];
}

const attemptsJson = sql<AttemptView[]>`(
  SELECT coalesce(json_agg(json_build_object('reference_number', a.reference_number, 'state', a.state,
    'gateway_code', a.gateway_code, 'amount', a.amount::text, 'is_duplicate', a.is_duplicate,
    'card_brand', a.card->>'brand', 'card_masked', a.card->>'masked', 'message', a.message,
    'decline_response', CASE WHEN a.state = 'declined' THEN a.gateway_response END,
    'created_at', a.created_at, 'completed_at', a.completed_at) ORDER BY a.id), '[]'::json)
  FROM payment_attempts a WHERE a.session_id = t.session_id)`;

/** A transaction view without what the configuration adds (StoredView), over `transactions t`: what is the transaction's. */
const storedViewColumns = sql<StoredRow>`to_jsonb(t) AS txn,
  (SELECT token FROM attachments WHERE id = t.attachment_id) AS attachment_token,
  ${linkCodesJson} AS links,
  ${attemptsJson} AS attempts`;

/** The select list of a transaction view over `transactions t` (revive turns its row into a TransactionView). */
const transactionViewColumns = sql<ViewRow>`${storedViewColumns},
  (SELECT decimals FROM currencies WHERE code = t.currency_code) AS decimals,
  ${gatewaysJson(sql`t.pg_codes`)} AS gateways,
  (SELECT default_redirect_url FROM settings WHERE id = 1) AS default_redirect_url`;

/**
 * A transaction's row with what answers and webhook payloads name of its configuration (its currency's places and
 * its gateways): what an operation, an auto-debit or an event's dispatch reads, the configuration coming from the cache.
 */
export type RowView = Pick<TransactionView, "txn" | "decimals" | "gateways">;

/** What the configuration adds to a transaction's view: its currency's places, its gateways, the default redirect. */
export type ConfigPart = "decimals" | "gateways" | "default_redirect_url";
/** A transaction's view without its ConfigPart, for a caller that has the configuration at hand (a cached copy). */
export type StoredView = Omit<TransactionView, ConfigPart>;
type StoredRow = { txn: TransactionRow } & Omit<StoredView, "txn">;
type ViewRow = StoredRow & Pick<TransactionView, ConfigPart>;

const revive = <R extends StoredRow>(row: R): R => ({ ...row, txn: reviveTransaction(row.txn), attempts: row.attempts.map(reviveAttempt) });

/** The view's SELECT over `from(key)` (a FROM clause over `transactions t`, with its conditions), compiled once. */
const viewFrom = (from: (key: string) => RawBuilder<unknown>) => compiledOnce((key: string) => sql<ViewRow>`SELECT ${transactionViewColumns} ${from(key)}`);
const viewBySession = viewFrom((sessionId) => sql`FROM transactions t WHERE t.session_id = ${sessionId}`);
const storedViewBySession = compiledOnce((sessionId: string) => sql<StoredRow>`SELECT ${storedViewColumns} FROM transactions t WHERE t.session_id = ${sessionId}`);
const lockedViewBySession = viewFrom((sessionId) => sql`FROM transactions t WHERE t.session_id = ${sessionId} FOR UPDATE OF t`);

/**
 * A transaction with what its representation needs (currency places, gateways, defaults, its payment attempts),
 * in one round trip.
 */
export async function findTransactionView(db: Db, sessionId: string, forUpdate = false): Promise<TransactionView | undefined> {
  return firstView(await (forUpdate ? lockedViewBySession : viewBySession)(db, sessionId));
}

/** A transaction's view without its ConfigPart, by session id, in one round trip (a third less CPU for PostgreSQL than the whole view). */
export async function findStoredView(db: Db, sessionId: string): Promise<StoredView | undefined> {
  const row = (await storedViewBySession(db, sessionId))[0];
  return row && revive(row);
}

const firstView = (rows: ViewRow[]): TransactionView | undefined => rows[0] && revive(rows[0]);

// json_build_object turns timestamps into strings; bring them back to Dates.
function reviveAttempt(raw: AttemptView): AttemptView {
  const r = raw as unknown as Record<string, unknown>;
  return {
    ...raw,
    amount: String(r.amount),
    created_at: new Date(r.created_at as string),
    completed_at: r.completed_at === null ? null : new Date(r.completed_at as string),
  };
}

/** The newest transaction with this order number (order numbers are unique among live transactions only). */
export async function findSessionIdByOrderNo(db: Db, orderNo: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("transactions")
    .select("session_id")
    .where("order_no", "=", orderNo)
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.session_id;
}

// to_jsonb turns timestamps into strings and numerics into numbers; bring them back to the row's types.
export function reviveTransaction(raw: TransactionRow): TransactionRow {
  const r = raw as unknown as Record<string, unknown>;
  return {
    ...raw,
    amount: String(r.amount),
    paid_amount: String(r.paid_amount),
    captured_amount: String(r.captured_amount),
    refunded_amount: String(r.refunded_amount),
    voided_amount: String(r.voided_amount),
    held_amount: String(r.held_amount),
    deleted_at: r.deleted_at === null ? null : new Date(r.deleted_at as string),
    attachment_id: r.attachment_id === null ? null : String(r.attachment_id),
    created_by_api_key_id: r.created_by_api_key_id === null ? null : String(r.created_by_api_key_id),
    created_by_user_id: r.created_by_user_id === null ? null : String(r.created_by_user_id),
    expires_at: new Date(r.expires_at as string),
    due_datetime: r.due_datetime === null || r.due_datetime === undefined ? null : new Date(r.due_datetime as string),
    created_at: new Date(r.created_at as string),
    updated_at: new Date(r.updated_at as string),
  };
}

export interface IdempotencyRecord {
  caller: string;
  key: string;
  requestHash: Buffer;
  statusCode: number;
  response: Record<string, unknown>;
}

/**
 * Inserts the transaction, its "created" event, the job of the event's side effects if it has any and, optionally,
 * the idempotency record, in one statement. Its expiry job is queued later, near expires_at (db/queries/expiry.ts).
 * Compiled once per shape (the row's columns, whether the event has a job, whether there is an idempotency record).
 */
export async function insertTransaction(
  db: Db,
  row: NewTransaction,
  /** dispatch: whether the "created" event has side effects to run (a Created notification was asked for). */
  event: { cause: string; data: Record<string, unknown>; dispatch: boolean },
  idempotency?: IdempotencyRecord,
): Promise<void> {
  const columns = (Object.keys(row) as (keyof NewTransaction)[]).filter((column) => row[column] !== undefined);
  const kept = idempotency ? [idempotency.caller, idempotency.key, idempotency.requestHash, idempotency.statusCode, JSON.stringify(idempotency.response)] : [];
  const values = [event.cause, JSON.stringify(event.data), ...kept, ...columns.map((column) => row[column])];
  const shape = `${event.dispatch}/${idempotency !== undefined}/${columns.join()}`;
  await insertStatements(db, shape, values, ([cause, data, ...rest]) => {
    const placed = Object.fromEntries(columns.map((column, i) => [column, rest[kept.length + i]])) as unknown as NewTransaction;
    const [caller, key, requestHash, statusCode, response] = rest;
    return insertQuery(db, placed, { cause: cause!, data: data!, dispatch: event.dispatch }, idempotency && { caller, key, requestHash, statusCode, response });
  });
}

const insertStatements = compiledPerShape<{ session_id: string }>();

/** insertTransaction's statement, with `data` and the record's `response` as JSON text. */
function insertQuery(
  db: Db,
  row: NewTransaction,
  event: { cause: string; data: string; dispatch: boolean },
  idempotency?: { caller: unknown; key: unknown; requestHash: unknown; statusCode: unknown; response: unknown },
) {
  return db
    .with("t", (qb) => qb.insertInto("transactions").values(row).returning(["session_id"]))
    .with("e", (qb) =>
      qb
        .insertInto("transaction_events")
        .columns(["session_id", "kind", "to_state", "cause", "data"])
        .expression((eb) =>
          eb
            .selectFrom("t")
            .select([
              "t.session_id",
              sql.lit("created").as("kind"),
              sql.lit("created").as("to_state"),
              sql.val(event.cause).as("cause"),
              sql.val(event.data).as("data"),
            ]),
        )
        .returning(["event_id"]),
    )
    .with("j", (qb) =>
      qb
        .selectFrom(["t", "e"])
        .select([
          (event.dispatch
            ? addJobSql("dispatch-event", sql`e.event_id`)
            : sql`NULL`
          ).as("dispatch"),
        ]),
    )
    .with("i", (qb) =>
      idempotency
        ? qb
            .insertInto("idempotency_keys")
            .columns(["caller", "key", "request_hash", "status_code", "response"])
            .expression((eb) =>
              eb
                .selectFrom("t")
                .select([
                  sql.val(idempotency.caller).as("caller"),
                  sql.val(idempotency.key).as("key"),
                  sql.val(idempotency.requestHash).as("request_hash"),
                  sql.val(idempotency.statusCode).as("status_code"),
                  sql.val(idempotency.response).as("response"),
                ]),
            )
        : qb.selectFrom("t").select("session_id"),
    )
    .selectFrom(["t", "j"])
    .select("t.session_id");
}

export async function updateTransaction(
  db: Db,
  sessionId: string,
  changes: Updateable<TransactionsTable>,
  event: { cause: string; data: Record<string, unknown> },
): Promise<void> {
  await db.updateTable("transactions").set(changes).where("session_id", "=", sessionId).execute();
  await db
    .insertInto("transaction_events")
    .values({ session_id: sessionId, kind: "updated", cause: event.cause, data: JSON.stringify(event.data) })
    .execute();
}

/**
 * An idempotency record younger than 24 hours, with the gateways its transaction names now (null if it has none);
 * an older one for the same key is removed on the way.
 */
export async function findIdempotencyRecord(db: Db, caller: string, key: string) {
  const { rows } = await sql<{ request_hash: Buffer; status_code: number; response: string; pg_codes: string[] | null }>`
    WITH stale AS (
      DELETE FROM idempotency_keys
      WHERE caller = ${caller} AND key = ${key} AND created_at <= now() - interval '24 hours'
    )
    SELECT k.request_hash, k.status_code, k.response,
      (SELECT t.pg_codes FROM transactions t WHERE t.session_id = (k.response::jsonb ->> 'session_id')::bpchar) AS pg_codes
    FROM idempotency_keys k
    WHERE k.caller = ${caller} AND k.key = ${key} AND k.created_at > now() - interval '24 hours'`.execute(db);
  return rows[0];
}

/** Frees keys older than 24 hours so they can be used again. */
export function deleteExpiredIdempotencyKeys(db: Db) {
  return db.deleteFrom("idempotency_keys").where("created_at", "<=", sql<Date>`now() - interval '24 hours'`).execute();
}

export function insertAttachment(db: Db, row: { token: string; fileName: string; contentType: string; content: Buffer }) {
  return db
    .insertInto("attachments")
    .values({ token: row.token, file_name: row.fileName, content_type: row.contentType, size_bytes: row.content.length, content: row.content })
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

export function findAttachmentByToken(db: Db, token: string) {
  return db.selectFrom("attachments").select(["file_name", "content_type", "content"]).where("token", "=", token).executeTakeFirst();
}

export async function findAttachmentId(db: Db, token: string): Promise<string | undefined> {
  const row = await db.selectFrom("attachments").select("id").where("token", "=", token).executeTakeFirst();
  return row && String(row.id);
}
