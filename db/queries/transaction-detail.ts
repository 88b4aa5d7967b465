import { sql } from "kysely";
import type { Db } from "../client";
import type { TransactionState } from "../types";
import { DELIVERY_ENTRY, type DeliveryEntry } from "./delivery-view";

// What the panel's transaction page shows besides the transaction itself. Timestamps arrive as ISO text (JSON).

export interface EventEntry {
  id: string;
  kind: string;
  from_state: string | null;
  to_state: string | null;
  cause: string;
  data: Record<string, unknown>;
  /** The payment attempt or operation the event is about, if any. */
  attempt_id: string | null;
  operation_id: string | null;
  created_at: string;
}

export interface AttemptEntry {
  id: string;
  reference_number: string;
  gateway_code: string;
  pg: string;
  state: string;
  amount: string;
  fee: string;
  is_duplicate: boolean;
  initiator: string;
  /** Of the stored card only its brand and masked number (never the expiry). */
  card_brand: string | null;
  card_masked: string | null;
  gateway_response: Record<string, unknown> | null;
  message: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface OperationEntry {
  id: string;
  kind: string;
  state: string;
  amount: string | null;
  cause: string;
  reference_number: string | null;
  api_key: string | null;
  user: string | null;
  gateway_response: Record<string, unknown> | null;
  message: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface TransactionHistory {
  version: string;
  created_by_api_key: string | null;
  created_by_user: string | null;
  /** The names behind the events' `actor` values ("api_key:1" → the key's name, "user:2" → the username). */
  actors: Record<string, string>;
  events: EventEntry[];
  attempts: AttemptEntry[];
  operations: OperationEntry[];
  deliveries: DeliveryEntry[];
}

/**
 * The transaction's version: its last change to the microsecond. The panel's operation forms carry the version
 * they were shown at, so that a form from a page gone stale is recognised (lib/panel/admin/run-operation-form.ts).
 */
const VERSION = sql<string>`(extract(epoch FROM t.updated_at) * 1000000)::bigint::text`;

/** Events, payment attempts, operations (with who asked) and webhook deliveries (with every try), in one round trip. */
export async function findTransactionHistory(db: Db, sessionId: string): Promise<TransactionHistory | undefined> {
  const { rows } = await sql<TransactionHistory>`
    SELECT ${VERSION} AS version,
      (SELECT name FROM api_keys WHERE id = t.created_by_api_key_id) AS created_by_api_key,
      (SELECT username FROM admin_users WHERE id = t.created_by_user_id) AS created_by_user,
      (SELECT coalesce(json_agg(json_build_object('id', e.id::text, 'kind', e.kind, 'from_state', e.from_state,
          'to_state', e.to_state, 'cause', e.cause, 'data', e.data, 'attempt_id', e.attempt_id::text,
          'operation_id', e.operation_id::text, 'created_at', e.created_at) ORDER BY e.id), '[]')
        FROM transaction_events e WHERE e.session_id = t.session_id) AS events,
      (SELECT coalesce(json_object_agg(x.actor, coalesce(k.name, u.username)) FILTER (WHERE coalesce(k.name, u.username) IS NOT NULL), '{}')
        FROM (SELECT DISTINCT e.data->>'actor' AS actor FROM transaction_events e
              WHERE e.session_id = t.session_id AND e.data->>'actor' ~ '^(api_key|user):[0-9]{1,18}$') x
        LEFT JOIN api_keys k ON k.id = CASE WHEN x.actor LIKE 'api_key:%' THEN split_part(x.actor, ':', 2)::bigint END
        LEFT JOIN admin_users u ON u.id = CASE WHEN x.actor LIKE 'user:%' THEN split_part(x.actor, ':', 2)::bigint END) AS actors,
      (SELECT coalesce(json_agg(json_build_object('id', a.id::text, 'reference_number', a.reference_number,
          'gateway_code', a.gateway_code, 'pg', a.pg, 'state', a.state, 'amount', a.amount::text, 'fee', a.fee::text,
          'is_duplicate', a.is_duplicate, 'initiator', a.initiator, 'card_brand', a.card->>'brand',
          'card_masked', a.card->>'masked', 'gateway_response', a.gateway_response, 'message', a.message,
          'created_at', a.created_at, 'completed_at', a.completed_at) ORDER BY a.id), '[]')
        FROM payment_attempts a WHERE a.session_id = t.session_id) AS attempts,
      (SELECT coalesce(json_agg(json_build_object('id', o.id::text, 'kind', o.kind, 'state', o.state,
          'amount', o.amount::text, 'cause', o.cause, 'reference_number', o.reference_number, 'api_key', k.name,
          'user', u.username, 'gateway_response', o.gateway_response, 'message', o.message,
          'created_at', o.created_at, 'completed_at', o.completed_at) ORDER BY o.id), '[]')
        FROM operations o
        LEFT JOIN api_keys k ON k.id = o.requested_by_api_key_id
        LEFT JOIN admin_users u ON u.id = o.requested_by_user_id
        WHERE o.session_id = t.session_id) AS operations,
      (SELECT coalesce(json_agg(${DELIVERY_ENTRY} ORDER BY d.id), '[]')
        FROM webhook_deliveries d JOIN transaction_events e ON e.event_id = d.event_id
        WHERE d.session_id = t.session_id) AS deliveries
    FROM transactions t WHERE t.session_id = ${sessionId}`.execute(db);
  return rows[0];
}

export interface TransactionScope {
  state: TransactionState;
  pg_codes: string[];
  version: string;
}

/** Whose the transaction is (its gateways), where it stands and its version: what a panel form checks first. */
export async function findTransactionScope(db: Db, sessionId: string): Promise<TransactionScope | undefined> {
  const { rows } = await sql<TransactionScope>`
    SELECT t.state, t.pg_codes, ${VERSION} AS version FROM transactions t WHERE t.session_id = ${sessionId}`.execute(db);
  return rows[0];
}
