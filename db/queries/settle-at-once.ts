import { sql } from "kysely";
import type { Db } from "../client";
import { ATTEMPT_ROW, ATTEMPT_ROW_OF_A } from "../columns";
import type { GatewayOperation, PaymentAttempt, TransactionState } from "../types";
import type { AttemptEvent } from "./attempt-events";
import { releaseAgreementChargeSql } from "./card-agreements";
import { addJobSql } from "./jobs";
import { reviveTransaction, type TransactionRow } from "./transactions";

export interface Settlement {
  attempt: Pick<PaymentAttempt, "id" | "session_id" | "gateway_code">;
  /** Where the outcome takes the transaction, from which states (lib/checkout/lifecycle/verbs.ts transitionFor). */
  to: TransactionState;
  from: readonly TransactionState[];
  success: boolean;
  /** The attempt's gateway's operation for this transaction, as the decision above took it; checked again here. */
  operation: GatewayOperation;
  changes: { state: string; gateway_response: string; card: string | null; message: string | null };
  /** The event's cause and data (as applyGatewayResult writes them). */
  cause: string;
  data: Record<string, unknown>;
  /** Whether the event gets its job (false: nothing could come of it, see lib/checkout/result/result-target.ts). */
  dispatch: boolean;
  /** An auto-debit's agreement, whose charge a result that did not go through gives back. */
  agreement?: { customerId: string; agreementId: string };
  /** The gateway's message that brought the result, recorded once with it; `resends`: a repeat still settles. */
  message?: { pg: string; messageId: string; referenceNumber: string; channel: "callback" | "return"; resends: boolean };
}

export interface SettledAtOnce {
  /** The transaction was found before its deadline, in `from`, with the operation expected, and locked. */
  locked: boolean;
  /** The message was new (always true without one). */
  fresh: boolean;
  settled?: { txn: TransactionRow; attempt: PaymentAttempt; event: AttemptEvent };
}

/**
 * A gateway's final answer about an attempt, in one statement, while it is the usual case: the transaction, still
 * before its deadline, in `from` and with the operation expected, is locked first, then the message (if any) is
 * recorded, the attempt leaves pending once (of many answers, one wins), and the transaction moves with one event
 * and its job; an auto-debit's charge that did not go through is given back to its agreement.
 *
 * Nothing changes while the transaction is not as expected (`locked` false: lib/checkout/payments/apply-gateway-result.ts
 * handles every case), nor for a repeated message its gateway does not resend (`fresh` false). An attempt settled
 * by another answer meanwhile leaves the message recorded and nothing else (`settled` undefined), as the general
 * way would.
 */
export async function settleAtOnce(db: Db, s: Settlement): Promise<SettledAtOnce> {
  const paid = s.success ? sql`, paid_amount = a.amount, operation = ${s.operation}` : sql``;
  const m = s.message;
  const { rows } = await sql<
    Partial<PaymentAttempt> & { locked: boolean; fresh: boolean; txn: TransactionRow | null; event: (Omit<AttemptEvent, "created_at"> & { created_at: string }) | null }
  >`
    WITH locked AS (
      SELECT t.session_id, t.state FROM transactions t
      WHERE t.session_id = ${s.attempt.session_id} AND t.state = ANY(${s.from}::text[]) AND t.expires_at > now()
        AND coalesce((SELECT g.operation FROM gateway_settings g WHERE g.code = ${s.attempt.gateway_code} AND g.code = ANY(t.pg_codes)),
          t.operation) = ${s.operation}
      FOR UPDATE
    ), recorded AS (
      ${
        m
          ? sql`INSERT INTO gateway_messages (pg, message_id, reference_number, channel)
        SELECT ${m.pg}, ${m.messageId}, ${m.referenceNumber}, ${m.channel} WHERE EXISTS (SELECT 1 FROM locked)
        ON CONFLICT (pg, message_id) DO NOTHING RETURNING 1`
          : sql`SELECT 1`
      }
    ), a AS (
      UPDATE payment_attempts SET state = ${s.changes.state}, gateway_response = ${s.changes.gateway_response}::jsonb,
        card = ${s.changes.card}::jsonb, message = ${s.changes.message}, completed_at = now(), updated_at = now()
      WHERE id = ${s.attempt.id} AND state = 'pending' AND EXISTS (SELECT 1 FROM locked)
        AND (EXISTS (SELECT 1 FROM recorded) OR ${m?.resends ?? false}::boolean)
      RETURNING ${ATTEMPT_ROW}
    ), t AS (
      UPDATE transactions t SET state = ${s.to}, updated_at = now() ${paid}
      FROM a WHERE t.session_id = a.session_id
      RETURNING to_jsonb(t) AS row
    ), e AS (
      INSERT INTO transaction_events (session_id, kind, from_state, to_state, cause, attempt_id, data)
      SELECT locked.session_id, 'state_changed', locked.state, ${s.to}, ${s.cause}, a.id, ${JSON.stringify(s.data)}::jsonb
      FROM locked, a, t
      RETURNING event_id, kind, to_state, created_at, data
    ), released AS (
      ${
        s.agreement && !s.success
          ? sql`${releaseAgreementChargeSql(s.agreement.customerId, s.agreement.agreementId, sql`(SELECT created_at FROM a)`)}
        AND EXISTS (SELECT 1 FROM a)`
          : sql`SELECT 1`
      }
    ), j AS (
      SELECT ${s.dispatch ? addJobSql("dispatch-event", sql`e.event_id`) : sql`NULL`} FROM e
    )
    SELECT EXISTS (SELECT 1 FROM locked) AS locked, EXISTS (SELECT 1 FROM recorded) AS fresh,
      ${ATTEMPT_ROW_OF_A}, t.row AS txn, to_jsonb(e) AS event
    FROM (SELECT 1) AS one LEFT JOIN a ON true LEFT JOIN t ON true LEFT JOIN e ON true LEFT JOIN j ON true`.execute(db);
  const { locked, fresh, txn, event, ...attempt } = rows[0]!;
  const settled = txn && event ? { txn: reviveTransaction(txn), attempt: attempt as PaymentAttempt, event: { ...event, created_at: new Date(event.created_at) } } : undefined;
  return { locked, fresh, settled };
}
