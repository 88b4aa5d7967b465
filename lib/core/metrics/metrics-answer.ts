import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/core/env";
import { type DatabaseFacts, metrics } from "./metrics";

export interface MetricsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A scrape waits at most this long for the database's gauges; then checkout_database_up is 0. */
const FACTS_TIMEOUT_MS = 3_000;

const digest = (v: string) => createHash("sha256").update(v).digest();

/** Whether `authorization` is `Bearer $METRICS_TOKEN` (compared in constant time). */
function authorized(authorization: string | undefined): boolean {
  const match = /^Bearer (.+)$/.exec(authorization ?? "");
  return !!match && timingSafeEqual(digest(match[1]!), digest(env.METRICS_TOKEN!));
}

/**
 * The answer to GET /metrics: null when metrics are off (the caller answers as for any unknown path), 401 with a
 * body naming nothing without the right token, else the Prometheus text of this process's metrics.
 */
export async function metricsAnswer(authorization: string | undefined): Promise<MetricsAnswer | null> {
  const m = metrics();
  if (!m) return null;
  if (!authorized(authorization)) {
    return {
      status: 401,
      headers: { "Content-Type": "application/json", "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" },
      body: JSON.stringify({ detail: "Unauthorized." }),
    };
  }
  if (m.readFacts) await refreshFacts(m, m.readFacts);
  return {
    status: 200,
    headers: { "Content-Type": m.registry.contentType, "Cache-Control": "no-store" },
    body: await m.registry.metrics(),
  };
}

async function refreshFacts(m: NonNullable<ReturnType<typeof metrics>>, read: () => Promise<DatabaseFacts>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), FACTS_TIMEOUT_MS)));
  const facts = await Promise.race([read().catch(() => null), timeout]);
  clearTimeout(timer);
  m.databaseUp.set(facts ? 1 : 0);
  if (!facts) return;
  m.jobsDue.set(facts.jobsDue);
  m.jobsQueued.set(facts.jobsQueued);
  m.oldestDueJob.set(facts.oldestDueJobSeconds);
  m.oldestPendingWebhook.set(facts.oldestPendingWebhookSeconds);
  m.expiryLag.set(facts.expiryLagSeconds);
}
