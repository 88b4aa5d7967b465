import { type Insertable, sql } from "kysely";
import type { Db } from "../client";
import { ATTEMPT_ROW, ATTEMPT_ROW_OF_A } from "../columns";
import type { GatewayOperation, PaymentAttempt, PaymentAttemptsTable, TransactionState } from "../types";

export interface StartedTransaction {
  sessionId: string;
  /** The operation of the gateway the payment started on, when the transaction's changes (or it moves). */
  operation: GatewayOperation | null;
  /** Its move to pending from `from`, recorded by `event` (which plans no job: the caller says why). */
  move: { from: readonly TransactionState[]; event: { kind: string; from: TransactionState; to: TransactionState; cause: string } } | null;
}

/**
 * A payment's start once its gateway has opened it, in one statement, inside the caller's database transaction
 * (which holds the transaction's row): the attempt with the gateway's answer, the transaction's operation and move,
 * and the move's event.
 */
export async function insertStartedAttempt(db: Db, row: Insertable<PaymentAttemptsTable>, txn: StartedTransaction): Promise<PaymentAttempt> {
  const { move } = txn;
  const changes = [
    ...(txn.operation ? [sql`operation = ${txn.operation}`] : []),
    ...(move ? [sql`state = ${move.event.to}`] : []),
  ];
  const { rows } = await sql<PaymentAttempt>`
    WITH a AS (
      INSERT INTO payment_attempts (session_id, reference_number, gateway_code, pg, amount, fee, currency_code, gateway_response)
      VALUES (${row.session_id}, ${row.reference_number}, ${row.gateway_code}, ${row.pg}, ${row.amount}::numeric,
        ${row.fee ?? 0}::numeric, ${row.currency_code}, ${row.gateway_response ?? null}::jsonb)
      RETURNING ${ATTEMPT_ROW}
    ), t AS (
      ${
        changes.length > 0
          ? sql`UPDATE transactions SET ${sql.join(changes)}, updated_at = now()
        WHERE session_id = ${txn.sessionId} ${move ? sql`AND state = ANY(${move.from}::text[])` : sql``}
        RETURNING session_id`
          : sql`SELECT NULL AS session_id`
      }
    ), e AS (
      ${
        move
          ? sql`INSERT INTO transaction_events (session_id, kind, from_state, to_state, cause, attempt_id, data)
        SELECT a.session_id, ${move.event.kind}, ${move.event.from}, ${move.event.to}, ${move.event.cause}, a.id, '{}'::jsonb FROM a, t`
          : sql`SELECT 1`
      }
    )
    SELECT ${ATTEMPT_ROW_OF_A} FROM a`.execute(db);
  return rows[0]!;
}
