import { createDb, type Db } from "@/db/client";
import { expiryLagSeconds, jobQueueFacts, oldestPendingWebhookSeconds } from "@/db/queries/monitoring";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import type { DatabaseFacts } from "@/lib/core/metrics/metrics";

/** The scrape's queries run on a pool of their own: a busy request pool never delays them, nor they a request. */
export function openFactsDatabase(url: string): Db {
  return createDb(url, { max: 2, connectionTimeoutMs: 2_000, statementTimeoutMs: 2_000 });
}

/** The database's gauges for a metrics scrape (one statement each, side by side). */
export async function readDatabaseFacts(db: Db): Promise<DatabaseFacts> {
  const [jobs, oldestWebhook, expiryLag] = await Promise.all([
    jobQueueFacts(db),
    oldestPendingWebhookSeconds(db),
    expiryLagSeconds(db, PAYABLE),
  ]);
  return {
    jobsDue: jobs.due,
    jobsQueued: jobs.queued,
    oldestDueJobSeconds: jobs.oldestDueSeconds,
    oldestPendingWebhookSeconds: oldestWebhook,
    expiryLagSeconds: expiryLag,
  };
}
