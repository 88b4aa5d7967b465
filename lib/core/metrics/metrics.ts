import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { env } from "@/lib/core/env";

// The process's Prometheus metrics (docs/operations/monitoring.md). Off unless METRICS_TOKEN is set: then every
// function here returns at once and nothing is registered.

/** What a pg pool tells about its connections (pg.Pool's counts). */
export interface WatchedPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The gauges read from the database at each scrape (lib/panel/health/database-facts.ts). */
export interface DatabaseFacts {
  jobsDue: number;
  jobsQueued: number;
  oldestDueJobSeconds: number;
  oldestPendingWebhookSeconds: number;
  expiryLagSeconds: number;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WEBHOOK_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const pools = new Map<string, WatchedPool>();
  const poolConnections = new Gauge({
    name: "checkout_db_pool_connections",
    help: "Connections of this process's database pools: in_use, idle, and requests waiting for one.",
    labelNames: ["pool", "state"] as const,
    registers,
    collect() {
      for (const [name, pool] of pools) {
        this.set({ pool: name, state: "in_use" }, pool.totalCount - pool.idleCount);
        this.set({ pool: name, state: "idle" }, pool.idleCount);
        this.set({ pool: name, state: "waiting" }, pool.waitingCount);
      }
    },
  });
  const fact = (name: string, help: string) => new Gauge({ name, help, registers });
  return {
    registry,
    pools,
    poolConnections,
    httpDuration: new Histogram({
      name: "checkout_http_request_duration_seconds",
      help: "HTTP requests by method, route pattern and status: time until the response was sent.",
      labelNames: ["method", "route", "status"] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    transactionsCreated: new Counter({
      name: "checkout_transactions_created_total",
      help: "Transactions created, by interface (checkout, legacy).",
      labelNames: ["interface"] as const,
      registers,
    }),
    paymentsFinished: new Counter({
      name: "checkout_payments_finished_total",
      help: "Payment attempts settled with a final gateway result, by gateway (its code) and outcome.",
      labelNames: ["gateway", "outcome"] as const,
      registers,
    }),
    operations: new Counter({
      name: "checkout_operations_total",
      help: "Operations (refund, capture, void, cancel, expire, delete) by kind and outcome.",
      labelNames: ["kind", "outcome"] as const,
      registers,
    }),
    circuitOpen: new Gauge({
      name: "checkout_gateway_circuit_open",
      help: "1 while this process skips a gateway setting (its code) that failed too often to start payments (circuit open or half-open), 0 once it answers again.",
      labelNames: ["pg_code"] as const,
      registers,
    }),
    failovers: new Counter({
      name: "checkout_gateway_failovers_total",
      help: "Payments started on another gateway setting of their transaction because the chosen one was unavailable or skipped, by from and to (codes).",
      labelNames: ["from", "to"] as const,
      registers,
    }),
    webhookDeliveries: new Histogram({
      name: "checkout_webhook_delivery_duration_seconds",
      help: "Webhook delivery tries by outcome (delivered, retrying, failed): the receiver's answer time.",
      labelNames: ["outcome"] as const,
      buckets: WEBHOOK_BUCKETS,
      registers,
    }),
    databaseUp: fact("checkout_database_up", "1 when this scrape's database queries answered, 0 when they failed or timed out."),
    jobsDue: fact("checkout_jobs_due", "Jobs due now and not yet taken by a worker."),
    jobsQueued: fact("checkout_jobs_queued", "Jobs waiting in the queue, due or scheduled (retries, expiries)."),
    oldestDueJob: fact("checkout_job_oldest_due_seconds", "How long the oldest due job has waited for a worker."),
    oldestPendingWebhook: fact("checkout_webhook_oldest_pending_seconds", "Age of the oldest webhook not yet delivered (retries included)."),
    expiryLag: fact("checkout_expiry_lag_seconds", "How long past its deadline the oldest still-payable transaction is (0: none overdue, or expiry off)."),
    readFacts: null as (() => Promise<DatabaseFacts>) | null,
  };
}

type Metrics = ReturnType<typeof createMetrics>;

// One set per process, shared by the web server (server/web-server.ts) and the Next.js bundles, which load their own
// copy of this module.
const holder = globalThis as unknown as { __checkoutMetrics?: Metrics };

/** The process's metrics, or null when they are off. */
export function metrics(): Metrics | null {
  if (!env.METRICS_TOKEN) return null;
  holder.__checkoutMetrics ??= createMetrics();
  return holder.__checkoutMetrics;
}

export function countTransactionCreated(iface: string): void {
  metrics()?.transactionsCreated.inc({ interface: iface });
}

export function countPaymentFinished(gateway: string, outcome: string): void {
  metrics()?.paymentsFinished.inc({ gateway, outcome });
}

export function countOperation(kind: string, outcome: string): void {
  metrics()?.operations.inc({ kind, outcome });
}

export function setGatewayCircuitOpen(pgCode: string, open: boolean): void {
  metrics()?.circuitOpen.set({ pg_code: pgCode }, open ? 1 : 0);
}

export function countFailover(from: string, to: string): void {
  metrics()?.failovers.inc({ from, to });
}

export function observeWebhookDelivery(outcome: "delivered" | "retrying" | "failed", ms: number): void {
  metrics()?.webhookDeliveries.observe({ outcome }, ms / 1000);
}

export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  metrics()?.httpDuration.observe({ method, route, status: String(status) }, seconds);
}

/** Reports `pool`'s connections as checkout_db_pool_connections{pool=name}. */
export function watchPool(name: string, pool: WatchedPool): void {
  metrics()?.pools.set(name, pool);
}

/** The database's gauges, read at each scrape with `read` (bounded by its pool's statement timeout). */
export function watchDatabase(read: () => Promise<DatabaseFacts>): void {
  const m = metrics();
  if (m) m.readFacts = read;
}
