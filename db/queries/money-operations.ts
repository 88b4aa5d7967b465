import { sql } from "kysely";
import type { Db } from "../client";
import type { OperationState } from "../types";

/** The operations that move money, the ones the Refunds and operations screen lists. */
export const MONEY_OPERATION_KINDS = ["refund", "capture", "void"] as const;
export type MoneyOperationKind = (typeof MONEY_OPERATION_KINDS)[number];

export interface MoneyOperationRow {
  id: string;
  kind: MoneyOperationKind;
  state: OperationState;
  /** Null: the whole remaining amount (a void). */
  amount: string | null;
  currency_code: string;
  decimals: number;
  session_id: string;
  order_no: string | null;
  reference_number: string | null;
  api_key: string | null;
  user: string | null;
  cause: "api" | "duplicate";
  message: string | null;
  gateway_response: Record<string, unknown> | null;
  created_at: Date;
  completed_at: Date | null;
}

export interface MoneyOperationFilter {
  kind?: MoneyOperationKind;
  state?: OperationState;
  /** The keyset cursor: the id of the last operation shown. */
  before?: string;
  /** Only operations on transactions whose every gateway is among these (null: all). */
  gatewayScope: string[] | null;
  limit: number;
}

/**
 * Refunds, captures and voids newest first (by id, the order they were asked in), each with its transaction's
 * currency, who asked (API key name or admin username) and the gateway's answer; a walk of the operations_money or
 * operations_kind index (migration 0033) from the cursor, whatever the page.
 */
export async function listMoneyOperations(db: Db, f: MoneyOperationFilter): Promise<MoneyOperationRow[]> {
  const { rows } = await sql<MoneyOperationRow>`
    SELECT o.id::text, o.kind, o.state, o.amount::text AS amount, t.currency_code,
      (SELECT c.decimals FROM currencies c WHERE c.code = t.currency_code) AS decimals,
      o.session_id, t.order_no, o.reference_number, k.name AS api_key, u.username AS "user", o.cause, o.message,
      o.gateway_response, o.created_at, o.completed_at
    FROM operations o
    JOIN transactions t ON t.session_id = o.session_id
    LEFT JOIN api_keys k ON k.id = o.requested_by_api_key_id
    LEFT JOIN admin_users u ON u.id = o.requested_by_user_id
    WHERE ${f.kind ? sql`o.kind = ${f.kind}` : sql`o.kind IN ('refund', 'capture', 'void')`}
      ${f.state ? sql`AND o.state = ${f.state}` : sql``}
      ${f.before ? sql`AND o.id < ${f.before}::bigint` : sql``}
      ${f.gatewayScope ? sql`AND t.pg_codes <@ ${f.gatewayScope}::text[]` : sql``}
    ORDER BY o.id DESC
    LIMIT ${f.limit}`.execute(db);
  return rows;
}
