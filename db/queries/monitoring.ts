import { sql } from "kysely";
import type { Db } from "../client";
import type { TransactionState } from "../types";

// The gauges a scrape reads from the database (lib/core/metrics): one cheap statement each, bounded by the
// scraping pool's statement timeout. Ages are in seconds, 0 when there is nothing.

/** The job queue: jobs due and not taken, all waiting jobs (retries and scheduled ones too), the oldest due one's wait. */
export async function jobQueueFacts(db: Db): Promise<{ due: number; queued: number; oldestDueSeconds: number }> {
  const { rows } = await sql<{ due: number; queued: number; oldest: number }>`
    SELECT count(*) FILTER (WHERE run_at <= now())::int AS due, count(*)::int AS queued,
      coalesce(extract(epoch FROM now() - min(run_at) FILTER (WHERE run_at <= now())), 0)::float8 AS oldest
    FROM graphile_worker._private_jobs WHERE locked_at IS NULL`.execute(db);
  const row = rows[0]!;
  return { due: row.due, queued: row.queued, oldestDueSeconds: row.oldest };
}

/** How long the oldest webhook still pending (not yet delivered, maybe retrying) has waited (webhook_deliveries_pending). */
export async function oldestPendingWebhookSeconds(db: Db): Promise<number> {
  const { rows } = await sql<{ age: number }>`
    SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS age
    FROM webhook_deliveries WHERE state = 'pending'`.execute(db);
  return rows[0]!.age;
}

/**
 * Expiry lag: how long past its deadline the oldest transaction still payable (`expirable`, the partial index
 * transactions_expiring) is; 0 when none is overdue or expiry is off (then nothing expires, by choice).
 */
export async function expiryLagSeconds(db: Db, expirable: readonly TransactionState[]): Promise<number> {
  const { rows } = await sql<{ lag: number }>`
    SELECT coalesce(extract(epoch FROM now() - min(expires_at)), 0)::float8 AS lag FROM transactions
    WHERE state = ANY(${expirable}::text[]) AND expires_at <= now()
      AND (SELECT expire_transactions FROM settings WHERE id = 1)`.execute(db);
  return rows[0]!.lag;
}
