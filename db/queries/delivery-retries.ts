import { sql } from "kysely";
import type { Db } from "../client";

export interface DeliveryToRetry {
  id: string;
  session_id: string;
  state: string;
  attempt_count: number;
  last_status: number | null;
  /** The gateways of its transaction: whose it is. */
  pg_codes: string[];
}

/** The named deliveries with their transaction's gateways, locked until the caller's transaction ends. */
export async function lockDeliveries(db: Db, ids: string[]): Promise<DeliveryToRetry[]> {
  const { rows } = await sql<DeliveryToRetry>`
    SELECT d.id::text, d.session_id, d.state, d.attempt_count, d.last_status, t.pg_codes
    FROM webhook_deliveries d JOIN transactions t ON t.session_id = d.session_id
    WHERE d.id = ANY(${ids}::bigint[])
    ORDER BY d.id
    FOR UPDATE OF d`.execute(db);
  return rows;
}

/**
 * Makes a delivery due again now, whatever it came to (failed, waiting for a retry, or delivered and to be sent
 * once more): pending with its next try now. Its earlier tries stay; the next one continues their numbering.
 */
export async function reopenDelivery(db: Db, id: string): Promise<Date> {
  const { rows } = await sql<{ next_attempt_at: Date }>`
    UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = now(), delivered_at = NULL
    WHERE id = ${id}::bigint
    RETURNING next_attempt_at`.execute(db);
  return rows[0]!.next_attempt_at;
}
