import { type Updateable, sql } from "kysely";
import type { Db } from "../client";
import { builtOnce } from "../compiled-once";
import { addJobSql } from "./jobs";
import type { GatewayOperation, PaymentAttempt, PaymentAttemptsTable, TransactionState, TransactionsTable } from "../types";
import { ATTEMPT_COLUMNS, qualified } from "../columns";

export function findAttemptByReference(db: Db, referenceNumber: string) {
  return db.selectFrom("payment_attempts").select(ATTEMPT_COLUMNS).where("reference_number", "=", referenceNumber).executeTakeFirst();
}

/** An attempt with what its final result's move depends on (lib/checkout/lifecycle/verbs.ts transitionFor). */
export interface AttemptToSettle {
  attempt: PaymentAttempt;
  /** Its transaction's interface. */
  interface: "checkout" | "legacy";
  /** The operation of the attempt's gateway for its transaction: the gateway's own while the transaction offers it, else the transaction's. */
  operation: GatewayOperation;
}

// Every gateway's callback and return runs it: built by kysely once (db/compiled-once.ts).
const attemptToSettle = builtOnce((db, referenceNumber: string) =>
  db
    .selectFrom("payment_attempts as p")
    .innerJoin("transactions as t", "t.session_id", "p.session_id")
    .leftJoin("gateway_settings as g", (join) => join.onRef("g.code", "=", "p.gateway_code").on(sql<boolean>`g.code = ANY(t.pg_codes)`))
    .select([...qualified("p", ATTEMPT_COLUMNS), "t.interface", sql<GatewayOperation>`coalesce(g.operation, t.operation)`.as("operation")])
    .where("p.reference_number", "=", referenceNumber),
);

export async function findAttemptToSettle(db: Db, referenceNumber: string): Promise<AttemptToSettle | undefined> {
  const [row] = await attemptToSettle(db, referenceNumber);
  if (!row) return undefined;
  const { interface: iface, operation, ...attempt } = row;
  return { attempt, interface: iface, operation };
}

/** The transaction's attempts still waiting for their result, oldest first. */
export const listPendingAttempts = builtOnce((db, sessionId: string) =>
  db.selectFrom("payment_attempts").select(ATTEMPT_COLUMNS).where("session_id", "=", sessionId).where("state", "=", "pending").orderBy("id"),
);

/**
 * Attempts pending with no news for `quietSeconds` (within the last day), the longest quiet first: the sweep's
 * turn. Each is marked as seen, so that a customer still on a gateway's page does not hold the others back.
 */
export async function takeQuietPendingAttempts(db: Db, quietSeconds: number, limit: number) {
  return db
    .updateTable("payment_attempts")
    .set({ updated_at: sql`now()` })
    .where("id", "in", (q) =>
      q
        .selectFrom("payment_attempts")
        .select("id")
        .where("state", "=", "pending")
        .where("updated_at", "<", sql<Date>`now() - make_interval(secs => ${quietSeconds})`)
        .where("created_at", ">", sql<Date>`now() - interval '1 day'`)
        .orderBy("updated_at")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["reference_number"])
    .execute();
}

/** Settles an attempt only while it is pending: of many messages about it, exactly one wins. */
export function settleAttempt(db: Db, id: string, changes: Updateable<PaymentAttemptsTable>) {
  return db
    .updateTable("payment_attempts")
    .set({ ...changes, completed_at: new Date(), updated_at: new Date() })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .returning(ATTEMPT_COLUMNS)
    .executeTakeFirst();
}

export function flagDuplicateAttempt(db: Db, id: string) {
  return db.updateTable("payment_attempts").set({ is_duplicate: true }).where("id", "=", id).execute();
}

/** The one way a transaction's state changes: conditional on where it stands now. */
export function moveTransaction(
  db: Db,
  sessionId: string,
  from: readonly TransactionState[],
  to: TransactionState,
  extra: Updateable<TransactionsTable> = {},
) {
  return db
    .updateTable("transactions as t")
    .set({ ...extra, state: to, updated_at: new Date() })
    .where("t.session_id", "=", sessionId)
    .where("t.state", "in", from)
    .returning(["t.session_id", "t.state"])
    .executeTakeFirst();
}

/** Records an event and, in the same statement, the job that carries out its side effects. */
export async function insertEvent(
  db: Db,
  row: {
    sessionId: string;
    kind: string;
    from: string | null;
    to: string | null;
    cause: string;
    attemptId?: string | null;
    operationId?: string | null;
    data?: Record<string, unknown>;
    /** False for an event that tells nobody anything (no webhook, result or message): it gets no dispatch job. */
    dispatch?: boolean;
  },
): Promise<{ id: string; event_id: string }> {
  const { rows } = await sql<{ id: string; event_id: string }>`
    WITH e AS (
      INSERT INTO transaction_events (session_id, kind, from_state, to_state, cause, attempt_id, operation_id, data)
      VALUES (${row.sessionId}, ${row.kind}, ${row.from}, ${row.to}, ${row.cause}, ${row.attemptId ?? null},
        ${row.operationId ?? null}, ${JSON.stringify(row.data ?? {})}::jsonb)
      RETURNING id, event_id
    )
    SELECT e.id, e.event_id, ${row.dispatch === false ? sql`NULL` : addJobSql("dispatch-event", sql`e.event_id`)}
    FROM e`.execute(db);
  return rows[0]!;
}

const gatewayMessage = builtOnce((db, pg: string, messageId: string, referenceNumber: string, channel: "callback" | "return") =>
  db
    .insertInto("gateway_messages")
    .values({ pg, message_id: messageId, reference_number: referenceNumber, channel })
    .onConflict((oc) => oc.columns(["pg", "message_id"]).doNothing())
    .returning(sql<number>`1`.as("one")),
);

/** Records a gateway message id once; false when it was seen before (a replay). */
export async function recordGatewayMessage(
  db: Db,
  row: { pg: string; messageId: string; referenceNumber: string; channel: "callback" | "return" },
): Promise<boolean> {
  const inserted = await gatewayMessage(db, row.pg, row.messageId, row.referenceNumber, row.channel);
  return inserted.length > 0;
}
