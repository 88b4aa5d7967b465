import { type Insertable, type RawBuilder, sql } from "kysely";
import type { Db } from "../client";
import { OPERATION_COLUMNS } from "../columns";
import { compiledOnce, compiledPerShape } from "../compiled-once";
import type { MoneyOperation, Operation, OperationsTable, OperationState, PaymentAttempt, TransactionState } from "../types";
import { addJobSql } from "./jobs";
import { reviveTransaction, type TransactionRow } from "./transactions";

/**
 * A transaction's row with the payment an operation of the merchant acts on, and the claim made at once, if any.
 * Not its whole view: an operation's answer takes the currency's places and the gateways from the configuration
 * cache, and names none of the attempts, links or attachment the view aggregates.
 */
export type MoneyTarget = {
  txn: TransactionRow;
  /** Its successful attempt that is not a duplicate, the oldest. */
  settled: PaymentAttempt | undefined;
  claimed: ClaimedOperation | undefined;
};

/** A claim to try while reading the target (see findMoneyTarget). */
export interface ClaimAtOnce {
  kind: MoneyOperation;
  /** As asked: a plain decimal. */
  amount: string;
  rule: { from: readonly TransactionState[]; exclusive: boolean; whole: boolean };
  /** The gateway codes the caller may use; null: all of them (lib/access/auth/transaction-scope.ts). */
  visibleCodes: string[] | null;
  /** The kinds of gateway (`pg`) whose adapters do this operation. */
  pgs: string[];
  row: OperationOrigin;
}

type OperationOrigin = Omit<Insertable<OperationsTable>, "session_id" | "kind" | "amount" | "attempt_id">;

/**
 * An operation's target in one round trip: the transaction's row and its settled payment, and, with `claim`, the
 * claim of its money when everything lib/checkout/operations/move-money.ts checks before claiming holds as read: the
 * caller sees the transaction and may use the gateway that took the payment, that gateway's kind does the
 * operation, the amount is positive and in the currency's places, and (a void) it is all that is available. The
 * row is as it was before the claim. No claim (`claimed` undefined) says nothing of why: the caller checks the row.
 */
export async function findMoneyTarget(db: Db, sessionId: string, claim: ClaimAtOnce | null): Promise<MoneyTarget | undefined> {
  const rows = claim ? await claimingRead(db, sessionId, claim) : await moneyTarget(db, sessionId);
  const row = rows[0];
  if (!row) return undefined;
  const a = row.settled;
  const settled = a
    ? { ...a, created_at: new Date(a.created_at), updated_at: new Date(a.updated_at), completed_at: a.completed_at === null ? null : new Date(a.completed_at) }
    : undefined;
  return { txn: reviveTransaction(row.txn), settled, claimed: row.claimed ?? undefined };
}

type MoneyTargetRow = { txn: TransactionRow; settled: RawAttempt | null; claimed?: ClaimedOperation | null };

// to_jsonb writes timestamps as text.
type RawAttempt = Omit<PaymentAttempt, "created_at" | "updated_at" | "completed_at"> & { created_at: string; updated_at: string; completed_at: string | null };

const SETTLED_JSON = sql`(SELECT to_jsonb(a) || jsonb_build_object('id', a.id::text, 'amount', a.amount::text, 'fee', a.fee::text,
    'saved_card_id', a.saved_card_id::text)
  FROM payment_attempts a WHERE a.session_id = t.session_id AND a.state = 'success' AND NOT a.is_duplicate
  ORDER BY a.id LIMIT 1)`;

const moneyTarget = compiledOnce(
  (sessionId: string) => sql<MoneyTargetRow>`
    SELECT to_jsonb(t) AS txn, ${SETTLED_JSON} AS settled FROM transactions t WHERE t.session_id = ${sessionId}`,
);

// One statement per operation (its rule is part of the SQL), for callers limited to some gateways or not.
const claimingStatements = compiledPerShape<MoneyTargetRow>();

function claimingRead(db: Db, sessionId: string, c: ClaimAtOnce) {
  const limited = c.visibleCodes !== null;
  const values = [sessionId, c.amount, c.rule.from, c.visibleCodes, c.pgs, ...originValues(c.kind, c.row)];
  return claimingStatements(db, `${c.kind} ${limited}`, values, ([id, amount, from, visible, pgs, ...origin]) => ({
    compile: () =>
      sql<MoneyTargetRow>`
        WITH settled AS (
          SELECT a.id, a.gateway_code FROM payment_attempts a
          WHERE a.session_id = ${id} AND a.state = 'success' AND NOT a.is_duplicate ORDER BY a.id LIMIT 1
        ), t AS (${claimUpdate(amount, id, { from, exclusive: c.rule.exclusive }, {
          from: sql`FROM settled a`,
          where: sql`
            ${limited ? sql`AND cardinality(t.pg_codes) > 0 AND t.pg_codes <@ ${visible}::text[] AND a.gateway_code = ANY(${visible}::text[])` : sql``}
            AND EXISTS (SELECT FROM gateway_settings g WHERE g.code = a.gateway_code AND g.pg = ANY(${pgs}::text[]))
            AND ${amount}::numeric > 0
            AND scale(${amount}::numeric) <= (SELECT c.decimals FROM currencies c WHERE c.code = t.currency_code)
            ${c.rule.whole ? sql`AND ${amount}::numeric = ${AVAILABLE}` : sql``}`,
          returning: sql`, a.id AS attempt_id`,
        })}), op AS (${insertClaimed(sql`t.attempt_id`, amount, origin)})
        SELECT to_jsonb(t) AS txn, ${SETTLED_JSON} AS settled,
          (SELECT jsonb_build_object('id', op.id::text, 'reference_number', op.reference_number, 'amount', op.amount::text) FROM op) AS claimed
        FROM transactions t WHERE t.session_id = ${id}`.compile(db),
  }));
}

/** What a claim may still take of a transaction `t`: paid, less what is given back or held (money.ts `available`). */
const AVAILABLE = sql`(t.paid_amount - t.voided_amount - t.refunded_amount - t.held_amount)`;

/**
 * The UPDATE that claims `amount` of a transaction under `rule`, as the body of a CTE named `t` returning its session
 * id (and `more.returning`); `more` adds tables (`from`) and conditions (`where`, each starting with AND).
 */
function claimUpdate(
  amount: unknown,
  sessionId: unknown,
  rule: { from: unknown; exclusive: boolean },
  more: { from?: RawBuilder<unknown>; where?: RawBuilder<unknown>; returning?: RawBuilder<unknown> } = {},
) {
  return sql`
      UPDATE transactions t SET held_amount = t.held_amount + ${amount}::numeric, updated_at = now()
      ${more.from ?? sql``}
      WHERE t.session_id = ${sessionId} AND t.deleted_at IS NULL AND t.state = ANY(${rule.from}::text[])
        AND ${amount}::numeric <= ${AVAILABLE}
        ${rule.exclusive ? sql`AND t.held_amount = 0` : sql``}
        ${more.where ?? sql``}
      RETURNING t.session_id ${more.returning ?? sql``}`;
}

/** An operation's record columns after its session, amount and attempt, in insertClaimed's order. */
function originValues(kind: MoneyOperation, row: OperationOrigin): unknown[] {
  const extra = typeof row.extra === "string" ? row.extra : JSON.stringify(row.extra ?? {});
  return [kind, row.reference_number ?? null, extra, row.requested_by_api_key_id ?? null, row.requested_by_user_id ?? null,
    row.idempotency_caller ?? null, row.idempotency_key ?? null, row.request_hash ?? null];
}

/** The INSERT of a claimed operation's record, one row per row of the CTE `t` (claimUpdate's). */
function insertClaimed(attemptId: unknown, amount: unknown, origin: unknown[]) {
  const [kind, reference, extra, apiKeyId, userId, idempotencyCaller, idempotencyKey, requestHash] = origin;
  return sql`
    INSERT INTO operations (session_id, kind, amount, attempt_id, reference_number, extra, requested_by_api_key_id,
      requested_by_user_id, idempotency_caller, idempotency_key, request_hash)
    SELECT t.session_id, ${kind}, ${amount}::numeric, ${attemptId}::bigint, ${reference}, ${extra}::jsonb, ${apiKeyId}::bigint,
      ${userId}::bigint, ${idempotencyCaller}, ${idempotencyKey}, ${requestHash}::bytea
    FROM t
    RETURNING id, reference_number, amount`;
}

/**
 * Claims the money a refund, capture or void moves, and records the operation (pending), in one statement: the
 * claim is a conditional update of the transaction row, so however many requests race, the claims together never
 * exceed what was paid, and an `exclusive` one (capture, void) claims only an authorization nobody else holds.
 * `rule` is the operation's move in lib/checkout/lifecycle/money.ts (SETTLEMENT): the states it starts from and whether it
 * is exclusive; the amount still available is that module's `available` (test/checkout/lifecycle-sql.test.ts holds them
 * together). Undefined when the claim does not fit (state, amount or another operation in the way).
 */
export async function claimMoneyOperation(
  db: Db,
  row: Insertable<OperationsTable> & { kind: MoneyOperation; amount: string },
  rule: { from: readonly TransactionState[]; exclusive: boolean },
): Promise<ClaimedOperation | undefined> {
  const { rows } = await sql<ClaimedOperation>`
    WITH t AS (${claimUpdate(row.amount, row.session_id, rule)})
    ${insertClaimed(row.attempt_id ?? null, row.amount, originValues(row.kind, row))}`.execute(db);
  return rows[0];
}

/**
 * What a claim returns: named columns, not `*`, so that the statement is prepared (db/prepare-repeated.ts); planned on
 * every run, it and the settlement below cost PostgreSQL about as much again as running them.
 */
export type ClaimedOperation = Pick<Operation, "id" | "reference_number" | "amount">;

/** A pending operation giving back a duplicate payment; it claims nothing of the transaction's own money. */
export function insertDuplicateOperation(db: Db, row: Insertable<OperationsTable>) {
  return db.insertInto("operations").values({ ...row, cause: "duplicate" }).returningAll().executeTakeFirstOrThrow();
}

/** The transaction's state and money after an operation settled (amounts as stored, six places). */
export interface MoneyAfter {
  state: TransactionState;
  paid_amount: string;
  captured_amount: string;
  refunded_amount: string;
  voided_amount: string;
}

export interface SettledMoneyOperation extends MoneyAfter {
  completed_at: Date;
  event_id: string;
}

/**
 * Applies a gateway's final answer about a money operation, in one statement: the operation leaves `pending`
 * once (of many answers, one wins), the transaction's money columns and state follow on success (a duplicate's
 * give-back touches none of them), the claim is released either way, and one event records it with its job
 * (unless `dispatch` is false).
 * The moves are lib/checkout/lifecycle/money.ts's `settle` (SETTLEMENT); test/checkout/lifecycle-sql.test.ts runs both and compares.
 */
export async function settleMoneyOperation(
  db: Db,
  id: string,
  answer: { state: Exclude<OperationState, "pending">; gatewayResponse: Record<string, unknown>; message: string | null },
  cause: string,
  /** Whether the event gets its job (false: nothing could come of it, see lib/checkout/result/result-target.ts). */
  dispatch = true,
): Promise<SettledMoneyOperation | undefined> {
  const success = answer.state === "success";
  const { rows } = await sql<SettledMoneyOperation>`
    WITH locked AS (
      -- The transaction row first, as a claim takes it (then the operation's idempotency key): taken in the
      -- other order, a claim with this operation's key deadlocks with this settle (40P01).
      SELECT t.session_id FROM transactions t
      WHERE t.session_id = (SELECT o.session_id FROM operations o WHERE o.id = ${id})
      FOR NO KEY UPDATE
    ), op AS (
      UPDATE operations SET state = ${answer.state}, gateway_response = ${JSON.stringify(answer.gatewayResponse)}::jsonb,
        message = ${answer.message}, completed_at = now()
      WHERE id = ${id} AND state = 'pending' AND session_id IN (SELECT session_id FROM locked)
      RETURNING id, session_id, kind, amount, cause, attempt_id, reference_number, completed_at
    ), before AS (
      SELECT t.state FROM transactions t JOIN op ON op.session_id = t.session_id
    ), moved AS (
      SELECT op.id,
        CASE WHEN op.cause = 'api' AND ${success} THEN op.amount ELSE 0 END AS done,
        CASE WHEN op.cause = 'api' THEN op.amount ELSE 0 END AS released
      FROM op
    ), t AS (
      UPDATE transactions t SET
        held_amount = t.held_amount - moved.released,
        refunded_amount = t.refunded_amount + CASE WHEN op.kind = 'refund' THEN moved.done ELSE 0 END,
        captured_amount = t.captured_amount + CASE WHEN op.kind = 'capture' THEN moved.done ELSE 0 END,
        -- A capture releases the rest of the authorization; a void all of it.
        voided_amount = t.voided_amount + CASE
          WHEN op.kind = 'void' THEN moved.done
          WHEN op.kind = 'capture' AND moved.done > 0 THEN t.paid_amount - moved.done
          ELSE 0 END,
        state = CASE
          WHEN moved.done = 0 THEN t.state
          WHEN op.kind = 'capture' THEN 'captured'
          WHEN op.kind = 'void' THEN 'voided'
          WHEN t.paid_amount - t.voided_amount - t.refunded_amount - moved.done = 0 THEN 'refunded'
          ELSE t.state END,
        updated_at = now()
      FROM op JOIN moved ON moved.id = op.id
      WHERE t.session_id = op.session_id
      RETURNING t.session_id, t.state, t.paid_amount::text, t.captured_amount::text, t.refunded_amount::text,
        t.voided_amount::text
    ), e AS (
      INSERT INTO transaction_events (session_id, kind, from_state, to_state, cause, attempt_id, operation_id, data)
      SELECT op.session_id, 'operation', before.state, t.state, ${cause}, op.attempt_id, op.id,
        jsonb_build_object('operation', op.kind, 'result', ${success ? "success" : "failed"}::text, 'amount', op.amount::text,
          'reference_number', op.reference_number, 'cause', op.cause, 'paid_amount', t.paid_amount,
          'captured_amount', t.captured_amount, 'refunded_amount', t.refunded_amount, 'voided_amount', t.voided_amount)
      FROM op, before, t
      RETURNING event_id
    )
    SELECT t.state, t.paid_amount, t.captured_amount, t.refunded_amount, t.voided_amount, op.completed_at, e.event_id,
      ${dispatch ? addJobSql("dispatch-event", sql`e.event_id`) : sql`NULL`}
    FROM op, t, e`.execute(db);
  return rows[0];
}

/** Cancel, expire and delete: already done when recorded. */
export function insertFinishedOperation(db: Db, row: Insertable<OperationsTable>) {
  return db
    .insertInto("operations")
    .values({ ...row, state: "success", completed_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Hides a transaction from the API and the customer; its records stay. */
export function markDeleted(db: Db, sessionId: string) {
  return db.updateTable("transactions").set({ deleted_at: new Date() }).where("session_id", "=", sessionId).execute();
}

/**
 * An operation sent with this caller's idempotency key in the last 24 hours, with its transaction's gateways as they
 * are now and the gateway that took the money it moves (null for cancel, expire and delete): whether a replay may
 * still show it to this caller.
 */
export function findOperationByKey(db: Db, caller: string, key: string) {
  return db
    .selectFrom("operations as o")
    .innerJoin("transactions as t", "t.session_id", "o.session_id")
    .leftJoin("payment_attempts as a", "a.id", "o.attempt_id")
    .select(["o.id", "o.request_hash", "o.status_code", "o.response", "t.pg_codes", "a.gateway_code as taken_by"])
    .where("o.idempotency_caller", "=", caller)
    .where("o.idempotency_key", "=", key)
    .where("o.created_at", ">", sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirst();
}

/** Keeps the answer given, for replays by its idempotency key. */
export function storeOperationAnswer(db: Db, id: string, statusCode: number, response: string) {
  return db.updateTable("operations").set({ status_code: statusCode, response }).where("id", "=", id).execute();
}

/** Frees idempotency keys older than 24 hours for reuse. */
export function forgetOldOperationKeys(db: Db) {
  return db
    .updateTable("operations")
    .set({ idempotency_key: null })
    .where("idempotency_key", "is not", null)
    .where("created_at", "<=", sql<Date>`now() - interval '24 hours'`)
    .execute();
}

export function findOperation(db: Db, id: string) {
  return db.selectFrom("operations").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Money operations still waiting for their gateway's answer: of one transaction, or (sweep) older than a while. Its
 * columns named, so that it is prepared (an inquiry runs it every time, db/prepare-repeated.ts).
 */
export function listPendingOperations(db: Db, filter: { sessionId: string } | { olderThanSeconds: number }) {
  let query = db
    .selectFrom("operations")
    .select(OPERATION_COLUMNS)
    .where("state", "=", "pending")
    .where("kind", "in", ["refund", "capture", "void"]);
  query =
    "sessionId" in filter
      ? query.where("session_id", "=", filter.sessionId)
      : query.where("created_at", "<", sql<Date>`now() - make_interval(secs => ${filter.olderThanSeconds})`);
  return query.orderBy("id").limit(500).execute();
}
