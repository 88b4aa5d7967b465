import { promises as fs } from "node:fs";
import type { ExpiryFigures } from "./expiry";
import type { Figures } from "./load";
import type { PageFigures } from "./page";
import { type Check, expiryChecks, expiryLines, pageChecks, pageLines, webhookChecks, webhookLines } from "./report-flows";
import type { StatementCount } from "./round-trips";
import type { WebhookFigures } from "./webhooks";

export type Measured = "create" | "createBaseline" | "createFloor" | "read" | "readBaseline" | "readFloor";

/** The API's throughput and latency against the baseline and floor, and its SQL round trips. */
export interface ApiResults {
  figures: Partial<Record<Measured, Figures>>;
  createStatements: StatementCount;
  readStatements: StatementCount;
  baselineStatements: number;
}

/** One run's results; a section is absent when --only left it out. */
export interface Results {
  date: string;
  machine: string;
  settings: string[];
  api?: ApiResults;
  page?: PageFigures;
  webhooks?: WebhookFigures;
  expiry?: ExpiryFigures;
}

const LABELS: Record<Measured, string> = {
  create: "create: POST /b/checkout/v1/pymt-txn/",
  createBaseline: "baseline: node:http + pg INSERT … RETURNING",
  createFloor: "floor: bare Next.js route handler + pg INSERT",
  read: "GET /b/checkout/v1/pymt-txn/{session_id}",
  readBaseline: "baseline: node:http + pg SELECT by primary key",
  readFloor: "floor: bare Next.js route handler + pg SELECT",
};

const ratio = (a: number, b: number) => (b > 0 ? a / b : Infinity);
const pct = (r: number) => `${(r * 100).toFixed(1)}%`;
const times = (r: number) => `${r.toFixed(2)}×`;

/** The API targets, measured against the baselines of the same run. */
function apiChecks(api: ApiResults): Check[] {
  const { create, createBaseline, read, readBaseline } = api.figures as Record<Measured, Figures>;
  const createRatio = ratio(create.rps, createBaseline.rps);
  const readRatio = ratio(read.rps, readBaseline.rps);
  const createP99 = ratio(create.p99, createBaseline.p99);
  const readP99 = ratio(read.p99, readBaseline.p99);
  const trips = api.createStatements.perRequest;
  return [
    { target: "create req/s ≥ 30% of the baseline INSERT's", measured: pct(createRatio), pass: createRatio >= 0.3 },
    { target: "GET req/s ≥ 35% of the baseline SELECT's", measured: pct(readRatio), pass: readRatio >= 0.35 },
    { target: "create p99 ≤ 3× the baseline's p99", measured: times(createP99), pass: createP99 <= 3 },
    { target: "GET p99 ≤ 3× the baseline's p99", measured: times(readP99), pass: readP99 <= 3 },
    { target: "≤ 4 SQL round trips per create", measured: String(trips), pass: trips <= 4 },
  ];
}

export function checkTargets(r: Results): Check[] {
  return [
    ...(r.api ? apiChecks(r.api) : []),
    ...(r.page ? pageChecks(r.page) : []),
    ...(r.webhooks ? webhookChecks(r.webhooks) : []),
    ...(r.expiry ? expiryChecks(r.expiry) : []),
  ];
}

/** Sections whose requests failed (non-2xx, errors, timeouts under load): such a run is not written down. */
export function failedSections(r: Results): string[] {
  const api = Object.entries(r.api?.figures ?? {}).filter(([, f]) => f.failed > 0).map(([name]) => name);
  return [...api, ...(r.page && r.page.loaded.failed > 0 ? ["payment page"] : [])];
}

function figuresTable(api: ApiResults): string[] {
  const rows = (["create", "createFloor", "createBaseline", "read", "readFloor", "readBaseline"] as const).flatMap((name) => {
    const f = api.figures[name];
    if (!f) return [];
    const kind = name.startsWith("create") ? "create" : "read";
    const base = name.endsWith("Baseline") ? undefined : api.figures[`${kind}Baseline`];
    const floor = name === kind ? api.figures[`${kind}Floor`] : undefined;
    const vsBase = base ? `${pct(ratio(f.rps, base.rps))} | ${times(ratio(f.p99, base.p99))}` : "— | —";
    return [`| ${LABELS[name]} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.total} | ${f.failed} | ${vsBase} | ${floor ? pct(ratio(f.rps, floor.rps)) : "—"} |`];
  });
  return [
    "| Endpoint | req/s | p50 ms | p99 ms | requests | failed | req/s vs baseline | p99 vs baseline | req/s vs floor |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ];
}

function statementLines(name: string, s: StatementCount): string[] {
  return [`${name}: ${s.perRequest} SQL round trips per request`, ...s.statements.map((q) => `  ${q.calls}× ${q.query}`)];
}

export function printResults(r: Results): void {
  const checks = checkTargets(r);
  const section = (title: string, lines: string[]) => ["", `${title}:`, ...lines];
  const lines = [
    "",
    `Benchmark ${r.date}`,
    `  ${r.machine}`,
    ...r.settings.map((s) => `  ${s}`),
    ...(r.api
      ? [
          ...section("API", figuresTable(r.api)),
          "",
          ...statementLines("create", r.api.createStatements),
          ...statementLines("GET", r.api.readStatements),
          `baseline INSERT (a check of the counting): ${r.api.baselineStatements} per request`,
        ]
      : []),
    ...(r.page ? section("Hosted payment page", pageLines(r.page)) : []),
    ...(r.webhooks ? section("Webhook latency (embedded engine)", webhookLines(r.webhooks)) : []),
    ...(r.expiry ? section("Expiry lag", expiryLines(r.expiry)) : []),
    "",
    "Targets:",
    ...checks.map((c) => `  ${c.pass ? "PASS" : "FAIL"}  ${c.target}: ${c.measured}`),
    "",
    checks.every((c) => c.pass) ? "All targets met." : `TARGETS MISSED: ${checks.filter((c) => !c.pass).length} of ${checks.length}.`,
    "",
  ];
  process.stdout.write(lines.join("\n"));
}

/** Rewrites `file` with a full run's results (every section present). */
export async function writeResults(r: Results, file: string): Promise<void> {
  const { api, page, webhooks, expiry } = r;
  if (!api || !page || !webhooks || !expiry) throw new Error("Only a full run (no --only) is written down.");
  const checks = checkTargets(r);
  const md = [
    "# Benchmarks",
    "",
    "The latest run of `npm run bench` (it rewrites this file). The app runs as in production (`next build`, then",
    "`npm start`, with its embedded job engine) against a fresh embedded PostgreSQL. Each API endpoint is compared",
    "with a bare `node:http` server doing only the one SQL statement the request needs through `pg` into the same",
    "database (the baseline), and with a bare Next.js app whose route handlers do only that statement (the framework",
    "floor), all measured in the same run. Then the hosted payment page, webhook latency and expiry lag are measured",
    "on the same app, in that order.",
    "",
    `- Date: ${r.date}`,
    `- Machine: ${r.machine}`,
    ...r.settings.map((s) => `- ${s}`),
    "",
    "## API figures",
    "",
    ...figuresTable(api),
    "",
    "## Hosted payment page",
    "",
    "`GET /b/checkout/redirect/start/?session_id=…` (the `checkout_url`) of one created transaction (state `created`,",
    "one payment method), after a warm-up, against the framework's floor (`/bench/framework-floor`: a bare App Router",
    "page of the same build, a server component with one plain form, served with `BENCH_FLOOR_PAGE=on`) and the",
    "physical one (a bare `node:http` server reading the transaction by its session id and writing a small form). Its",
    "JavaScript: every script file Chromium fetches for the page until the network is idle (those in the HTML and the",
    "client components' chunks loaded after), fetched again and gzipped (zlib's default level); the files the floor",
    "page does not load are ours. LCP: Playwright drives Debian's Chromium with the DevTools protocol's network and CPU",
    "emulation, a new browser context (empty cache) per load, and reads the last `largest-contentful-paint` entry after",
    "`load`.",
    "",
    ...pageLines(page),
    "",
    "## Webhook latency (embedded engine)",
    "",
    "Each transaction is created with `webhook_url` = a local `node:http` receiver (the app runs with",
    "`ALLOW_PRIVATE_URLS=true`) and paid through the real HTTP flow with the sandbox's approve card: POST",
    "`/b/checkout/redirect/pay/` → 303 to the sandbox card page → GET it and POST its card form (a server action, as a",
    "browser without scripts sends it) → 303 to our return URL → GET it (303 to the result page, not followed). The sandbox's own server-to-server callback races the return, as",
    "designed. Latency = the receiver's `Date.now()` when the POST for the event arrived − the `transaction_events`",
    "row (to_state `paid`)'s `created_at` (PostgreSQL's `now()`: the start of the database transaction that recorded the",
    "result; same machine, same clock). Percentiles by nearest rank (p99 of 100 = the 99th smallest).",
    "",
    ...webhookLines(webhooks),
    "",
    "## Expiry lag",
    "",
    "With 'Expire Payment Transactions?' on (the default), transactions are created with `expiration_time` `00:00:03`",
    "and left alone; lag = the `transaction_events` row (to_state `expired`)'s `created_at` − the transaction's",
    "`expires_at`, polled until all expired or 30 s. p99 of 50 by nearest rank is the largest.",
    "",
    ...expiryLines(expiry),
    "",
    "## Targets",
    "",
    "| Target | Measured | Result |",
    "|---|---|---|",
    ...checks.map((c) => `| ${c.target} | ${c.measured} | ${c.pass ? "pass" : "**fail**"} |`),
    "",
    "## SQL round trips",
    "",
    "Counted with `pg_stat_statements` (preloaded in the bench's cluster, tracking switched on only for the count) over",
    `${api.createStatements.requests} sequential requests on an otherwise idle app, started for the count with \`WORKER=off\` (before the loads):`,
    "with the embedded job worker running, its own statements (polling, expiry scheduling) land in the same statistics",
    "and would be counted as the request's. node-pg sends each statement in one round trip (BEGIN and COMMIT would be",
    "statements of their own), so statements per request are round trips per request. The API key and the checkout",
    "configuration come from the process's cache after the first (uncounted) requests; the first create after a change",
    "to them, or any while the cache's change listener is down, makes 3 (key lookup, configuration, INSERT). The",
    `baseline's INSERT, counted the same way, gives ${api.baselineStatements} per request.`,
    "",
    "```",
    ...statementLines("create", api.createStatements),
    ...statementLines("GET", api.readStatements),
    "```",
    "",
  ];
  await fs.writeFile(file, md.join("\n"));
}
