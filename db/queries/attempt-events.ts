import { sql } from "kysely";
import type { Db } from "../client";
import { ATTEMPT_COLUMNS, columnsSql } from "../columns";
import type { PaymentAttempt } from "../types";

const ATTEMPT_ROW_OF_P = columnsSql(ATTEMPT_COLUMNS, "p");

export interface AttemptEvent {
  event_id: string;
  kind: string;
  to_state: string | null;
  created_at: Date;
  data: Record<string, unknown>;
}

/**
 * An attempt with its newest event, in one round trip: what the attempt's webhook says (or, while it is pending,
 * that it started).
 */
export async function findAttemptWithLatestEvent(db: Db, reference: string): Promise<{ attempt: PaymentAttempt; event: AttemptEvent }> {
  const { rows } = await sql<PaymentAttempt & { event: Omit<AttemptEvent, "created_at"> & { created_at: string } }>`
    SELECT ${ATTEMPT_ROW_OF_P}, (
      SELECT json_build_object('event_id', e.event_id, 'kind', e.kind, 'to_state', e.to_state, 'created_at', e.created_at, 'data', e.data)
      FROM transaction_events e WHERE e.attempt_id = p.id ORDER BY e.id DESC LIMIT 1
    ) AS event
    FROM payment_attempts p WHERE p.reference_number = ${reference}`.execute(db);
  const { event, ...attempt } = rows[0]!;
  return { attempt, event: { ...event, created_at: new Date(event.created_at) } };
}
