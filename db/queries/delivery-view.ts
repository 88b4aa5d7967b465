import { sql } from "kysely";
import type { Db } from "../client";

// What the panel shows of a webhook delivery (`d`, joined to its event `e`): the payload it posts, where it stands,
// and every try with the headers sent, the answer and the cause of a failure. Shared by the transaction page and
// the delivery's own page.

export interface DeliveryTry {
  attempt_no: number;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
  /** The headers sent, the signature masked; null for tries made before migration 0034. */
  request_headers: Record<string, string> | null;
  created_at: string;
}

export interface DeliveryEntry {
  id: string;
  /** Its place among its transaction's deliveries, from 1: "Delivery 2" of this transaction. */
  number: number;
  event_id: string;
  event_kind: string;
  event_state: string | null;
  url: string;
  state: string;
  attempt_count: number;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
  payload: Record<string, unknown>;
  tries: DeliveryTry[];
}

/** A delivery's place among its transaction's deliveries (webhook_deliveries_session index: session_id, id). */
export const DELIVERY_NUMBER = sql<number>`(SELECT count(*)::int FROM webhook_deliveries n WHERE n.session_id = d.session_id AND n.id <= d.id)`;

/** One delivery as a JSON object of DeliveryEntry's shape. */
export const DELIVERY_ENTRY = sql`json_build_object('id', d.id::text, 'number', ${DELIVERY_NUMBER}, 'event_id', d.event_id,
  'event_kind', coalesce(e.data->>'operation', e.kind), 'event_state', e.to_state, 'url', d.url, 'state', d.state,
  'attempt_count', d.attempt_count, 'next_attempt_at', d.next_attempt_at, 'created_at', d.created_at,
  'delivered_at', d.delivered_at, 'payload', d.payload,
  'tries', (SELECT coalesce(json_agg(json_build_object('attempt_no', w.attempt_no, 'status_code', w.status_code,
      'duration_ms', w.duration_ms, 'response_excerpt', w.response_excerpt, 'error', w.error,
      'request_headers', w.request_headers, 'created_at', w.created_at) ORDER BY w.id), '[]')
    FROM webhook_attempts w WHERE w.delivery_id = d.id))`;

export interface DeliveryDetail {
  delivery: DeliveryEntry;
  session_id: string;
  order_no: string | null;
  /** The gateways of its transaction: whose it is. */
  pg_codes: string[];
}

/** One delivery with its transaction's order number and gateways. */
export async function findDeliveryDetail(db: Db, id: string): Promise<DeliveryDetail | undefined> {
  const { rows } = await sql<DeliveryDetail>`
    SELECT ${DELIVERY_ENTRY} AS delivery, d.session_id, t.order_no, t.pg_codes
    FROM webhook_deliveries d
    JOIN transaction_events e ON e.event_id = d.event_id
    JOIN transactions t ON t.session_id = d.session_id
    WHERE d.id = ${id}::bigint`.execute(db);
  return rows[0];
}
