import { sql } from "kysely";
import type { Db } from "../client";
import type { TransactionState } from "../types";

export interface DashboardGroup {
  /** Which of the days the transactions were created on: 1 for the first. */
  day_index: number;
  currency_code: string;
  decimals: number;
  state: TransactionState;
  count: number;
  /** Sum of paid_amount - voided_amount (exact decimal text): the money the customers' payments moved. */
  moved: string;
}

export interface DashboardData {
  groups: DashboardGroup[];
  deliveries_retrying: number;
  deliveries_failed: number;
  /** The codes of the enabled gateway settings in sandbox mode (for the dashboard's warning on a public APP_URL). */
  sandbox_gateways: string[];
}

/**
 * Everything the dashboard shows about transactions created from the first of `dayStarts` to the last, grouped by
 * day (the spans between consecutive `dayStarts`: local days, some 23 or 25 hours long), currency and state, the failing webhook deliveries of that range, and the enabled sandbox gateway settings, in one round trip. Each reads only an index range
 * (migration 0010: transactions_dashboard covers every column read, so it is an index-only scan;
 * webhook_deliveries_failing, of migration 0014, holds failing deliveries only). `gatewayCodes`: only transactions whose every
 * pg_code is one of these, and their deliveries (null: every transaction).
 */
export async function dashboardData(db: Db, { dayStarts, gatewayCodes }: { dayStarts: Date[]; gatewayCodes: string[] | null }) {
  const from = dayStarts[0]!;
  const to = dayStarts.at(-1)!;
  const theirs = gatewayCodes === null ? sql`true` : sql`t.pg_codes <@ ${gatewayCodes}::text[]`;
  const deliveryTheirs =
    gatewayCodes === null
      ? sql`true`
      : sql`EXISTS (SELECT 1 FROM transactions t WHERE t.session_id = d.session_id AND t.pg_codes <@ ${gatewayCodes}::text[])`;
  const { rows } = await sql<DashboardData>`
    SELECT
      (SELECT coalesce(json_agg(x ORDER BY x.day_index, x.currency_code, x.state), '[]')
        FROM (
          SELECT g.day_index, g.currency_code, g.state, g.count, g.moved, c.decimals
          FROM (
            -- A binary search among the day starts: cheaper than formatting every row's date in a time zone.
            SELECT width_bucket(t.created_at, ${dayStarts}::timestamptz[]) AS day_index, t.currency_code, t.state,
              count(*)::int AS count, sum(t.paid_amount - t.voided_amount)::text AS moved
            FROM transactions t
            WHERE t.created_at >= ${from} AND t.created_at < ${to} AND ${theirs}
            GROUP BY 1, 2, 3
          ) g
          JOIN currencies c ON c.code = g.currency_code
        ) x
      ) AS groups,
      failing.retrying AS deliveries_retrying,
      failing.failed AS deliveries_failed,
      (SELECT coalesce(array_agg(s.code ORDER BY s.code), '{}') FROM gateway_settings s WHERE s.enabled AND s.is_sandbox) AS sandbox_gateways
    FROM (
      SELECT count(*) FILTER (WHERE d.state = 'pending')::int AS retrying, count(*) FILTER (WHERE d.state = 'failed')::int AS failed
      FROM webhook_deliveries d
      WHERE (d.state = 'failed' OR (d.state = 'pending' AND d.attempt_count > 0))
        AND d.created_at >= ${from} AND d.created_at < ${to} AND ${deliveryTheirs}
    ) failing
  `.execute(db);
  return rows[0]!;
}
