import { sql } from "kysely";
import type { Db } from "../client";
import { DELIVERY_NUMBER } from "./delivery-view";

/** The predicate of the webhook_deliveries_failing index (0014), word for word so the planner uses it. */
const FAILING = sql<boolean>`(d.state = 'failed' OR (d.state = 'pending' AND d.attempt_count > 0))`;

export interface FailingDelivery {
  id: string;
  /** Its place among its transaction's deliveries, from 1. */
  number: number;
  session_id: string;
  order_no: string | null;
  url: string;
  state: "failed" | "pending";
  attempt_count: number;
  next_attempt_at: Date | null;
  created_at: Date;
  last_status: number | null;
  last_error: string | null;
  last_tried_at: Date | null;
}

/**
 * Deliveries failed for good or waiting for a retry, newest first, `limit` after the keyset cursor (the id of
 * the last one shown), of the transactions whose every gateway is among `gatewayCodes` only (null: all), each with its last try.
 */
export async function listFailingDeliveries(
  db: Db,
  filter: { before?: string; gatewayCodes: string[] | null; limit: number },
): Promise<FailingDelivery[]> {
  const { rows } = await sql<FailingDelivery>`
    SELECT d.id::text, ${DELIVERY_NUMBER} AS number, d.session_id, t.order_no, d.url, d.state, d.attempt_count, d.next_attempt_at, d.created_at,
      w.status_code AS last_status, w.error AS last_error, w.created_at AS last_tried_at
    FROM webhook_deliveries d
    JOIN transactions t ON t.session_id = d.session_id
    LEFT JOIN LATERAL (
      SELECT status_code, error, created_at FROM webhook_attempts WHERE delivery_id = d.id ORDER BY id DESC LIMIT 1
    ) w ON true
    WHERE ${FAILING}
      ${filter.before ? sql`AND d.id < ${filter.before}::bigint` : sql``}
      ${filter.gatewayCodes ? sql`AND t.pg_codes <@ ${filter.gatewayCodes}::text[]` : sql``}
    ORDER BY d.id DESC
    LIMIT ${filter.limit}`.execute(db);
  return rows;
}
