import { promises as fs } from "node:fs";
import { adminChecks, adminLines, type AdminFigures } from "./admin";
import type { ApiResults, Measured } from "./api";
import type { ExpiryFigures } from "./expiry";
import type { Figures } from "./load";
import { MODES, type ModeFigures, type ObservabilityFigures, ROUNDS, SCRAPE_EVERY_MS } from "./observability";
import { CHECKOUT_JS_BUDGET_BYTES, type EmbeddedFigures, FRAME_JS_BUDGET_BYTES, READY_TARGET_MS } from "./embedded";
import { type OperationMeasured, type OperationsResults, PAID_AMOUNT, REFUND_AMOUNT, REFUND_POOL } from "./operations";
import type { PageFigures } from "./page";
import { type Check, expiryChecks, expiryLines, pageChecks, pageLines, webhookChecks, webhookLines } from "./report-flows";
import type { StatementCount } from "./round-trips";
import { type CardMeasured, type CardsResults, CHARGE_AMOUNT, CHARGED_AGREEMENT, SAVED_CARDS } from "./saved-cards";
import type { WebhookFigures } from "./webhooks";
import type { CheckoutRun } from "./checkout";
import { checkoutChecks, checkoutLines, checkoutSection } from "./checkout-report";

/** One run's results; a section is absent when --only left it out. */
export interface Results {
  date: string;
  machine: string;
  settings: string[];
  api?: ApiResults;
  operations?: OperationsResults;
  cards?: CardsResults;
  page?: PageFigures;
  webhooks?: WebhookFigures;
  expiry?: ExpiryFigures;
  admin?: AdminFigures;
  observability?: ObservabilityFigures;
  embedded?: EmbeddedFigures;
  checkout?: CheckoutRun[];
}

/** A row of a figures table: compared with its baseline's row and (an endpoint's) its floor's. */
interface Row<K extends string> {
  name: K;
  label: string;
  baseline?: K;
  floor?: K;
}

const FLOOR_LABELS = {
  INSERT: ["floor: bare Next.js route handler + pg INSERT", "baseline: node:http + pg INSERT … RETURNING"],
  SELECT: ["floor: bare Next.js route handler + pg SELECT", "baseline: node:http + pg SELECT by primary key"],
} as const;

/** The rows of `endpoints`, then of their floor and baseline (doing `statement`). */
function endpointRows<K extends string>(endpoints: [K, string][], floor: K, baseline: K, statement: keyof typeof FLOOR_LABELS): Row<K>[] {
  const [floorLabel, baselineLabel] = FLOOR_LABELS[statement];
  return [
    ...endpoints.map(([name, label]) => ({ name, label, baseline, floor })),
    { name: floor, label: floorLabel, baseline },
    { name: baseline, label: baselineLabel },
  ];
}

const API_ROWS: Row<Measured>[] = [
  ...endpointRows([["create", "create: POST /b/checkout/v1/pymt-txn/"]], "createFloor", "createBaseline", "INSERT"),
  ...endpointRows(
    [
      ["read", "GET /b/checkout/v1/pymt-txn/{session_id}"],
      ["readInApp", "the floor's SELECT route handler, built into the app and served by its process (not graded)"],
    ],
    "readFloor",
    "readBaseline",
    "SELECT",
  ),
];

const OPERATION_ROWS: Row<OperationMeasured>[] = [
  ...endpointRows(
    [
      ["refund", `partial refund: POST /b/pbl/v2/operation/ (${REFUND_AMOUNT} KWD, ${REFUND_POOL} paid transactions in turn)`],
      ["refundOne", "partial refund, all of one paid transaction (its row locks)"],
    ],
    "refundFloor",
    "refundBaseline",
    "INSERT",
  ),
  ...endpointRows([["inquiry", "inquiry: POST /b/pbl/v2/inquiry/ (paid, nothing pending)"]], "inquiryFloor", "inquiryBaseline", "SELECT"),
];

const CARD_ROWS: Row<CardMeasured>[] = [
  ...endpointRows(
    [["autoDebit", `auto-debit: POST /b/pbl/v2/auto-debit/ (${CHARGE_AMOUNT} KWD, a created auto_debit transaction each)`]],
    "autoDebitFloor",
    "autoDebitBaseline",
    "INSERT",
  ),
  ...endpointRows([["list", `saved cards: POST /b/pbl/v2/card/ (${SAVED_CARDS} cards with agreements)`]], "listFloor", "listBaseline", "SELECT"),
];

const ratio = (a: number, b: number) => (b > 0 ? a / b : Infinity);
const pct = (r: number) => `${(r * 100).toFixed(1)}%`;
const times = (r: number) => `${r.toFixed(2)}×`;

// The targets are the framework floor's (a bare Next.js route handler doing the one statement, same run): what
// the app can reach on this stack. node:http is the physical reference, printed beside them but not graded.

/** `endpoint`'s req/s ≥ `share` of the floor's in the same run, when the floor ran (not with --no-floor). */
function floorShare<K extends string>(figures: Partial<Record<K, Figures>>, endpoint: K, floor: K, what: string, share: number): Check[] {
  const [f, fl] = [figures[endpoint], figures[floor]];
  if (!f || !fl) return [];
  const r = ratio(f.rps, fl.rps);
  return [{ target: `${what} req/s ≥ ${pct(share)} of the framework floor's`, measured: pct(r), pass: r >= share }];
}

/** The API's targets against the framework floor of the same run. */
function apiChecks(api: ApiResults): Check[] {
  const { create, createFloor } = api.figures;
  const createP99 = create && createFloor ? [ratio(create.p99, createFloor.p99)] : [];
  const creates = api.createStatements.perRequest;
  const reads = api.readStatements.perRequest;
  return [
    ...floorShare(api.figures, "create", "createFloor", "create", 0.75),
    ...createP99.map((r) => ({ target: "create p99 ≤ 1.5× the framework floor's p99", measured: times(r), pass: r <= 1.5 })),
    ...floorShare(api.figures, "read", "readFloor", "GET", 0.85),
    { target: "≤ 4 SQL round trips per create", measured: String(creates), pass: creates <= 4 },
    { target: "1 SQL round trip per GET", measured: String(reads), pass: reads <= 1 },
  ];
}

/** The refunds' targets: the floor's share, and our own round trips (the sandbox gateway's statements being "the gateway call"). */
function operationChecks(o: OperationsResults): Check[] {
  const { own, gateway } = refundTrips(o);
  const measured = `${own} (+ ${gateway} in the sandbox gateway)`;
  return [
    ...floorShare(o.figures, "refund", "refundFloor", "partial refund (a paid transaction each)", 0.4),
    { target: "≤ 4 SQL round trips per partial refund, plus the gateway call", measured, pass: own <= 4 },
  ];
}

function refundTrips(o: OperationsResults): { own: number; gateway: number } {
  return { own: o.refundStatements.perRequest - o.refundGatewayStatements, gateway: o.refundGatewayStatements };
}

/** The auto-debit's targets: the floor's share, and its round trips in all (the sandbox gateway's included). */
function cardChecks(c: CardsResults): Check[] {
  const trips = c.autoDebitStatements.perRequest;
  return [
    ...floorShare(c.figures, "autoDebit", "autoDebitFloor", "auto-debit", 0.3),
    { target: "≤ 8 SQL round trips per auto-debit in all (the sandbox gateway's included)", measured: String(trips), pass: trips <= 8 },
  ];
}

/** Each endpoint's req/s and p99 against the bare node:http server's: the physical reference, not a target. */
function physicalReferences(r: Results): string[] {
  const lines = <K extends string>(figures: Partial<Record<K, Figures>>, table: Row<K>[]) =>
    table.flatMap(({ name, label, baseline, floor }) => {
      const [f, base] = [figures[name], baseline && figures[baseline]];
      if (!floor || !f || !base) return [];
      return [`${label}: ${pct(ratio(f.rps, base.rps))} of node:http's req/s, p99 ${times(ratio(f.p99, base.p99))} its p99`];
    });
  return [
    ...(r.api ? lines(r.api.figures, API_ROWS) : []),
    ...(r.operations ? lines(r.operations.figures, OPERATION_ROWS) : []),
    ...(r.cards ? lines(r.cards.figures, CARD_ROWS) : []),
  ];
}

/** The issue's targets: at most 5 % fewer requests/s with metrics on, 15 % with tracing, for create and GET. */
function observabilityChecks(o: ObservabilityFigures): Check[] {
  const { metrics, tracing } = o.figures;
  const check = (what: string, r: number, floor: number): Check => ({ target: `${what} req/s ≥ ${pct(floor)} of both off`, measured: pct(r), pass: r >= floor });
  return [
    check("create with metrics", metrics.createRatio, 0.95),
    check("GET with metrics", metrics.readRatio, 0.95),
    check("create with tracing", tracing.createRatio, 0.85),
    check("GET with tracing", tracing.readRatio, 0.85),
  ];
}

/** The issue's targets for the embedded checkout: its scripts' sizes, and init to ready on the phone profile. */
function embeddedChecks(e: EmbeddedFigures): Check[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB gzip`;
  return [
    { target: `checkout.js ≤ ${kb(CHECKOUT_JS_BUDGET_BYTES)}`, measured: kb(e.checkoutJsGzipBytes), pass: e.checkoutJsGzipBytes <= CHECKOUT_JS_BUDGET_BYTES },
    { target: `the frame's JavaScript ≤ ${kb(FRAME_JS_BUDGET_BYTES)}`, measured: kb(e.frameJsGzipBytes), pass: e.frameJsGzipBytes <= FRAME_JS_BUDGET_BYTES },
    { target: `Checkout.init to ready on the phone profile, p50 ≤ ${READY_TARGET_MS} ms`, measured: `${e.initToReady.p50.toFixed(0)} ms`, pass: e.initToReady.p50 <= READY_TARGET_MS },
  ];
}

export function embeddedLines(e: EmbeddedFigures): string[] {
  const { n, p50, max } = e.initToReady;
  return [
    `Checkout.init on a shop's page (another origin) to the frame's ready event, ${n} first visits on the phone profile of the payment page's LCP: p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms.`,
    `checkout.js ${(e.checkoutJsGzipBytes / 1024).toFixed(1)} KB gzip on the shop's page; frame.js ${(e.frameJsGzipBytes / 1024).toFixed(1)} KB gzip in the frame (a server-rendered page of ours without a framework: no floor page's JavaScript either).`,
  ];
}

const MODE_LABELS = { off: "metrics and tracing off", metrics: "metrics on, scraped", tracing: "tracing on, to a local collector" } as const;

export function observabilityLines(o: ObservabilityFigures): string[] {
  const vs = (m: (typeof MODES)[number], r: keyof Pick<ModeFigures, "createRatio" | "readRatio">) => (m === "off" ? "—" : pct(o.figures[m][r]));
  return [
    "| Web process | create req/s | create p99 ms | create vs off | create CPU ms/req | GET req/s | GET p99 ms | GET vs off | GET CPU ms/req | failed |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...MODES.map((m) => {
      const { create, read, createCpuMs, readCpuMs } = o.figures[m];
      const cpu = (ms: number, base: number) => `${ms.toFixed(2)}${m === "off" ? "" : ` (${pct(ratio(ms, base))})`}`;
      return `| ${MODE_LABELS[m]} | ${create.rps.toFixed(0)} | ${create.p99.toFixed(0)} | ${vs(m, "createRatio")} | ${cpu(createCpuMs, o.figures.off.createCpuMs)} | ${read.rps.toFixed(0)} | ${read.p99.toFixed(0)} | ${vs(m, "readRatio")} | ${cpu(readCpuMs, o.figures.off.readCpuMs)} | ${create.failed + read.failed} |`;
    }),
    "",
    `req/s and p99: the mean over ${ROUNDS} rounds of ${o.sliceSeconds} s each per endpoint and process (each round in another order); "vs off": the median over the rounds of the process's req/s ÷ the "off" process's in the same round; CPU ms/req: the web server process's CPU time (user + system) during the slice ÷ the requests it answered, the mean over the rounds (in brackets: ÷ the "off" process's). ${o.scrapes} scrapes of /metrics (every ${SCRAPE_EVERY_MS / 1000} s, all along) answered 200; the collector received ${o.exports.requests} OTLP export requests (${(o.exports.bytes / 2 ** 20).toFixed(1)} MiB).`,
  ];
}

export function checkTargets(r: Results): Check[] {
  return [
    ...(r.api ? apiChecks(r.api) : []),
    ...(r.operations ? operationChecks(r.operations) : []),
    ...(r.cards ? cardChecks(r.cards) : []),
    ...(r.page ? pageChecks(r.page) : []),
    ...(r.webhooks ? webhookChecks(r.webhooks) : []),
    ...(r.expiry ? expiryChecks(r.expiry) : []),
    ...(r.admin ? adminChecks(r.admin) : []),
    ...(r.observability ? observabilityChecks(r.observability) : []),
    ...(r.embedded ? embeddedChecks(r.embedded) : []),
    ...(r.checkout ? checkoutChecks(r.checkout) : []),
  ];
}

/** Sections whose requests failed (non-2xx, errors, timeouts under load): such a run is not written down. */
export function failedSections(r: Results): string[] {
  const loaded = [
    ...Object.entries(r.api?.figures ?? {}),
    ...Object.entries(r.operations?.figures ?? {}),
    ...Object.entries(r.cards?.figures ?? {}),
    ...Object.entries(r.observability?.figures ?? {}).flatMap(([mode, f]) => [[`${mode} create`, f.create], [`${mode} GET`, f.read]] as const),
  ];
  const failed = loaded.filter(([, f]) => f.failed > 0).map(([name]) => name);
  return [...failed, ...(r.page && r.page.loaded.failed > 0 ? ["payment page"] : [])];
}

/** `figures` as a table, each endpoint's SQL round trips per request (`trips`) beside it; the floor and baseline make 1. */
function figuresTable<K extends string>(figures: Partial<Record<K, Figures>>, table: Row<K>[], trips: Partial<Record<K, string>>): string[] {
  const rows = table.flatMap(({ name, label, baseline, floor }) => {
    const f = figures[name];
    if (!f) return [];
    const base = baseline && figures[baseline];
    const fl = floor && figures[floor];
    const vsFloor = fl ? `${pct(ratio(f.rps, fl.rps))} | ${times(ratio(f.p99, fl.p99))}` : "— | —";
    const vsBase = base ? `${pct(ratio(f.rps, base.rps))} | ${times(ratio(f.p99, base.p99))}` : "— | —";
    return [`| ${label} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.total} | ${f.failed} | ${trips[name] ?? "1"} | ${vsFloor} | ${vsBase} |`];
  });
  return [
    "| Endpoint | req/s | p50 ms | p99 ms | requests | failed | SQL round trips | req/s vs floor | p99 vs floor | req/s vs node:http | p99 vs node:http |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ];
}

/**
 * Our GET against the floor's own handler served by the app's process: the share of the floor's req/s that what our
 * handler does keeps, apart from what running inside this app (its server, its size) costs any handler.
 */
function inAppLines(api: ApiResults): string[] {
  const { read, readFloor, readInApp } = api.figures;
  if (!read || !readFloor || !readInApp) return [];
  return [
    "",
    `The floor's SELECT handler served by the app's process carried ${pct(ratio(readInApp.rps, readFloor.rps))} of the floor app's req/s; ` +
      `the GET carried ${pct(ratio(read.rps, readInApp.rps))} of that handler's (not graded).`,
  ];
}

const apiTrips = (api: ApiResults) => ({ create: String(api.createStatements.perRequest), read: String(api.readStatements.perRequest) });

function operationTrips(o: OperationsResults) {
  const { own, gateway } = refundTrips(o);
  const refund = `${o.refundStatements.perRequest} (${own} + ${gateway} of the sandbox)`;
  return { refund, refundOne: refund, inquiry: String(o.inquiryStatements.perRequest) };
}

function cardTrips(c: CardsResults) {
  const gateway = c.autoDebitGatewayStatements;
  const all = c.autoDebitStatements.perRequest;
  return { autoDebit: `${all} (${all - gateway} + ${gateway} of the sandbox)`, list: String(c.listStatements.perRequest) };
}

function statementLines(name: string, s: StatementCount): string[] {
  return [`${name}: ${s.perRequest} SQL round trips per request`, ...s.statements.map((q) => `  ${q.calls}× ${q.query.slice(0, 100)}`)];
}

function operationStatementLines(o: OperationsResults): string[] {
  const { own, gateway } = refundTrips(o);
  return [
    ...statementLines("partial refund", o.refundStatements),
    `  = ${own} of ours + ${gateway} of the sandbox gateway's (statements on its own tables)`,
    ...statementLines("inquiry", o.inquiryStatements),
  ];
}

function cardStatementLines(c: CardsResults): string[] {
  const gateway = c.autoDebitGatewayStatements;
  return [
    ...statementLines("auto-debit", c.autoDebitStatements),
    `  = ${c.autoDebitStatements.perRequest - gateway} of ours + ${gateway} of the sandbox gateway's (statements on its own tables)`,
    ...statementLines("card list", c.listStatements),
  ];
}

export function printResults(r: Results): void {
  const checks = checkTargets(r);
  const section = (title: string, lines: string[]) => ["", `${title}:`, ...lines];
  const lines = [
    "",
    `Benchmark ${r.date}`,
    `  ${r.machine}`,
    ...r.settings.map((s) => `  ${s}`),
    ...(r.checkout ? section("Full checkout", checkoutLines(r.checkout)) : []),
    ...(r.api
      ? [
          ...section("API", [...figuresTable(r.api.figures, API_ROWS, apiTrips(r.api)), ...inAppLines(r.api)]),
          "",
          ...statementLines("create", r.api.createStatements),
          ...statementLines("GET", r.api.readStatements),
          `baseline INSERT (a check of the counting): ${r.api.baselineStatements} per request`,
        ]
      : []),
    ...(r.operations ? [...section("Operations", figuresTable(r.operations.figures, OPERATION_ROWS, operationTrips(r.operations))), "", ...operationStatementLines(r.operations)] : []),
    ...(r.cards ? [...section("Saved cards", figuresTable(r.cards.figures, CARD_ROWS, cardTrips(r.cards))), "", ...cardStatementLines(r.cards)] : []),
    ...(r.page ? section("Hosted payment page", pageLines(r.page)) : []),
    ...(r.webhooks ? section("Webhook latency (embedded engine)", webhookLines(r.webhooks)) : []),
    ...(r.expiry ? section("Expiry lag", expiryLines(r.expiry)) : []),
    ...(r.admin ? section("Admin transaction list", adminLines(r.admin)) : []),
    ...(r.observability ? section("Cost of metrics and tracing", observabilityLines(r.observability)) : []),
    ...(r.embedded ? section("Embedded checkout", embeddedLines(r.embedded)) : []),
    "",
    "Targets:",
    ...checks.map((c) => `  ${c.pass ? "PASS" : "FAIL"}  ${c.target}: ${c.measured}`),
    "",
    ...physicalReferenceLines(physicalReferences(r)),
    checks.every((c) => c.pass) ? "All targets met." : `TARGETS MISSED: ${checks.filter((c) => !c.pass).length} of ${checks.length}.`,
    "",
  ];
  process.stdout.write(lines.join("\n"));
}

/** The node:http ratios under their heading; nothing when no section measured against node:http (--only). */
function physicalReferenceLines(references: string[]): string[] {
  if (references.length === 0) return [];
  return ["Physical reference (bare node:http + pg, not graded):", ...references.map((line) => `  ${line}`), ""];
}

export const OBSERVABILITY_INTRO = [
  "## Cost of metrics and tracing",
  "",
  "Create and GET (as in the API figures) on three web processes of the same build on the bench's database",
  "(`WORKER=off`, as in a several-processes setup), started alike but for one setting: both off (`METRICS_TOKEN` and",
  "`OTEL_EXPORTER_OTLP_ENDPOINT` unset); metrics on (`METRICS_TOKEN`), its `/metrics` scraped every second all along;",
  "tracing on (`OTEL_EXPORTER_OTLP_ENDPOINT`), every request's spans (the request and its SQL statements)",
  "exported to a collector on 127.0.0.1 that reads each export and answers 200",
  "([operations/monitoring.md](operations/monitoring.md)). They are loaded in turn, in short slices and rounds, so that",
  "the machine's changing load weighs on each alike; each round's ratio compares neighbours in time.",
];

/** Rewrites `file` with a full run's results (every section present). */
export async function writeResults(r: Results, file: string): Promise<void> {
  const { api, operations, cards, page, webhooks, expiry, admin, observability, embedded, checkout } = r;
  if (!api || !operations || !cards || !page || !webhooks || !expiry || !admin || !observability || !embedded || !checkout) throw new Error("Only a full run (no --only) is written down.");
  const checks = checkTargets(r);
  const md = [
    "# Benchmarks",
    "",
    "The latest run of `npm run bench` (it rewrites this file). The app runs as in production (`next build`, with",
    "the bench's framework-floor page added by `BENCH_BUILD=on`, then `npm start`, with its embedded job engine)",
    "against a fresh embedded PostgreSQL, first filled with a million",
    "made-up transactions (`npm run seed:bench`; the settings below say how many). Each API endpoint is compared",
    "with a bare `node:http` server doing only the one SQL statement the request needs through `pg` into the same",
    "database (the baseline), and with a bare Next.js app whose route handlers do only that statement (the framework",
    "floor), all measured in the same run; so are the operations API's partial refund and the status inquiry, and the",
    "saved-card endpoints' card list and auto-debit. Then the hosted payment page, webhook latency and expiry lag are",
    "measured on the same app, in that order, and last the admin panel's transaction list.",
    "",
    "Where these figures' time goes, what was changed to bring them down, and what was tried and left out:",
    "[performance.md](performance.md), kept by hand.",
    "",
    `- Date: ${r.date}`,
    `- Machine: ${r.machine}`,
    ...r.settings.map((s) => `- ${s}`),
    "",
    ...checkoutSection(checkout),
    "",
    "## API figures",
    "",
    ...figuresTable(api.figures, API_ROWS, apiTrips(api)),
    ...inAppLines(api),
    "",
    "## Operations",
    "",
    `Partial refunds of ${REFUND_AMOUNT} KWD (\`{"operation":"refund","session_id":…,"amount":"${REFUND_AMOUNT}"}\`, Api-Key) of`,
    `transactions of ${PAID_AMOUNT} KWD paid beforehand through the sandbox (approve card, the webhook section's flow):`,
    `spread over ${REFUND_POOL} transactions, each request taking the next, then all on one transaction (every refund`,
    "reads the transaction with the payment it refunds and claims the amount in one statement, then settles in another;",
    "the transactions have no webhook and no notifications, so their events plan no job).",
    "Only 200 counts as a success. The sandbox gateway runs in the app's process on the same database: every refund",
    "sums the refunds it has done on that payment (in SQL), so its share grows a little with the run. Inquiries (`{\"session_id\":…}`)",
    "of a paid transaction with nothing pending: the transaction's representation. Compared with the baseline's and",
    "floor's one-statement INSERT (refunds) and SELECT by primary key (inquiry).",
    "",
    ...figuresTable(operations.figures, OPERATION_ROWS, operationTrips(operations)),
    "",
    "SQL round trips, counted as for the API (below), over sequential requests: a partial refund's, the sandbox",
    "gateway's statements apart (they stand for the gateway call), and an inquiry's.",
    "",
    "```",
    ...operationStatementLines(operations),
    "```",
    "",
    "## Saved cards",
    "",
    `One customer with ${SAVED_CARDS} cards saved through the sandbox, each by paying an auto_debit transaction of ${CHARGE_AMOUNT} KWD`,
    "(approve card; the sandbox always saves the card of an auto_debit payment) under an agreement of its own",
    "(unscheduled, variable amount). The card list (`{\"customer_id\":…,\"type\":\"sandbox\"}`, Api-Key) answers the bare",
    "array of them, each with its agreements; compared with the baseline's and floor's SELECT by primary key.",
    `Auto-debits (\`{"session_id":…,"token":…}\`) charge the card of agreement ${CHARGED_AGREEMENT} without the customer,`,
    `each on a created auto_debit transaction of its own (same customer and agreement, ${CHARGE_AMOUNT} KWD), created through`,
    "the API before the load (the warm-up's pool, then a fresh one for the measured load, sized from the warm-up's",
    "rate with room to spare); only 200 (charged) counts as a success. Each reads what it checks in one statement,",
    "claims the transaction (created → pending) and reserves one of the agreement's charges in another, calls the",
    "sandbox gateway (in the app's process, on the same database: it records the charge and answers at once) and",
    "settles the result in a third. All of them charge one agreement, whose charge count they reserve in turn, each",
    "holding its row for its claim's one statement: an auto-debit's worst case. Compared with the baseline's and",
    "floor's one-statement INSERT.",
    "",
    ...figuresTable(cards.figures, CARD_ROWS, cardTrips(cards)),
    "",
    "SQL round trips, counted as for the API (below), over sequential requests: an auto-debit's, the sandbox gateway's",
    "statements apart (they stand for the gateway call), and a card list's.",
    "",
    "```",
    ...cardStatementLines(cards),
    "```",
    "",
    "## Hosted payment page",
    "",
    "`GET /b/checkout/redirect/start/?session_id=…` (the `checkout_url`) of one created transaction (state `created`,",
    "one payment method), after a warm-up, against the framework's floor (`/bench/framework-floor`: a bare App Router",
    "page of the same build, a server component with one plain form, only in the bench's build, `BENCH_BUILD=on`) and the",
    "physical one (a bare `node:http` server reading the transaction by its session id and writing a small form). Its",
    "JavaScript: every script file Chromium fetches for the page until the network is idle (those in the HTML and the",
    "client components' chunks loaded after), fetched again and gzipped (zlib's default level); the files the floor",
    "page does not load are ours. LCP: Playwright drives Debian's Chromium with the DevTools protocol's network and CPU",
    "emulation, a new browser context (empty cache) per load, and reads the last `largest-contentful-paint` entry after",
    "`load`. Under load, the floor page and the payment page are loaded in turn, in rounds as the API sections are (a",
    "slower minute of the host skews both alike); the round of median req/s is reported.",
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
    "## Admin transaction list",
    "",
    "The admin panel's `/admin/transactions` (a server-rendered page: the signed-in user read from the database, the",
    "filter choices, one page of 50 by keyset) for the issue's cases, its live JSON's first page, against a bare",
    "Next.js route handler doing the first page's SELECT (the floor) and the app's bare page. The transactions are",
    "those every section above ran on (see the settings); the indexes and plans are in docs/admin/txlist-explain.md.",
    "",
    ...adminLines(admin),
    "",
    ...OBSERVABILITY_INTRO,
    "",
    ...observabilityLines(observability),
    "",
    "## Embedded checkout",
    "",
    "The Checkout SDK ([embedded-checkout.md](embedded-checkout.md)) on a shop page of another origin.",
    "",
    ...embeddedLines(embedded),
    "",
    "## Targets",
    "",
    "| Target | Measured | Result |",
    "|---|---|---|",
    ...checks.map((c) => `| ${c.target} | ${c.measured} | ${c.pass ? "pass" : "**fail**"} |`),
    "",
    "The targets are the framework floor's, measured in the same run: a bare Next.js route handler doing only the",
    "statement the request needs, what the app can reach on this stack. The bare `node:http` server is the physical",
    "reference (not graded):",
    "",
    ...physicalReferences(r).map((line) => `- ${line}`),
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
