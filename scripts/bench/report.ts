import { promises as fs } from "node:fs";
import type { Figures } from "./load";
import type { StatementCount } from "./round-trips";

export type Measured = "create" | "createBaseline" | "createFloor" | "read" | "readBaseline" | "readFloor";

export interface Results {
  date: string;
  machine: string;
  settings: string[];
  figures: Partial<Record<Measured, Figures>>;
  createStatements: StatementCount;
  readStatements: StatementCount;
  baselineStatements: number;
}

interface Check {
  target: string;
  measured: string;
  pass: boolean;
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

/** The targets, measured against the baselines of the same run. */
export function checkTargets(r: Results): Check[] {
  const { create, createBaseline, read, readBaseline } = r.figures as Record<Measured, Figures>;
  const createRatio = ratio(create.rps, createBaseline.rps);
  const readRatio = ratio(read.rps, readBaseline.rps);
  const createP99 = ratio(create.p99, createBaseline.p99);
  const readP99 = ratio(read.p99, readBaseline.p99);
  const trips = r.createStatements.perRequest;
  return [
    { target: "create req/s ≥ 30% of the baseline INSERT's", measured: pct(createRatio), pass: createRatio >= 0.3 },
    { target: "GET req/s ≥ 35% of the baseline SELECT's", measured: pct(readRatio), pass: readRatio >= 0.35 },
    { target: "create p99 ≤ 3× the baseline's p99", measured: times(createP99), pass: createP99 <= 3 },
    { target: "GET p99 ≤ 3× the baseline's p99", measured: times(readP99), pass: readP99 <= 3 },
    { target: "≤ 4 SQL round trips per create", measured: String(trips), pass: trips <= 4 },
  ];
}

function figuresTable(r: Results): string[] {
  const rows = (["create", "createFloor", "createBaseline", "read", "readFloor", "readBaseline"] as const).flatMap((name) => {
    const f = r.figures[name];
    if (!f) return [];
    const kind = name.startsWith("create") ? "create" : "read";
    const base = name.endsWith("Baseline") ? undefined : r.figures[`${kind}Baseline`];
    const floor = name === kind ? r.figures[`${kind}Floor`] : undefined;
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
  const lines = [
    "",
    `Benchmark ${r.date}`,
    `  ${r.machine}`,
    ...r.settings.map((s) => `  ${s}`),
    "",
    ...figuresTable(r),
    "",
    ...statementLines("create", r.createStatements),
    ...statementLines("GET", r.readStatements),
    `baseline INSERT (a check of the counting): ${r.baselineStatements} per request`,
    "",
    "Targets:",
    ...checks.map((c) => `  ${c.pass ? "PASS" : "FAIL"}  ${c.target}: ${c.measured}`),
    "",
    checks.every((c) => c.pass) ? "All targets met." : `TARGETS MISSED: ${checks.filter((c) => !c.pass).length} of ${checks.length}.`,
    "",
  ];
  process.stdout.write(lines.join("\n"));
}

export async function writeResults(r: Results, file: string): Promise<void> {
  const checks = checkTargets(r);
  const md = [
    "# Benchmarks",
    "",
    "The latest run of `npm run bench` (it rewrites this file). The app runs as in production (`next build`, then",
    "`npm start`) against a fresh embedded PostgreSQL. Each endpoint is compared with a bare `node:http` server doing",
    "only the one SQL statement the request needs through `pg` into the same database (the baseline), and with a bare",
    "Next.js app whose route handlers do only that statement (the framework floor), all measured in the same run.",
    "",
    `- Date: ${r.date}`,
    `- Machine: ${r.machine}`,
    ...r.settings.map((s) => `- ${s}`),
    "",
    "## Figures",
    "",
    ...figuresTable(r),
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
    `${r.createStatements.requests} sequential requests on an otherwise idle app. node-pg sends each statement in one round trip (BEGIN and`,
    "COMMIT would be statements of their own), so statements per request are round trips per request. The baseline's",
    `INSERT, counted the same way, gives ${r.baselineStatements} per request.`,
    "",
    "```",
    ...statementLines("create", r.createStatements),
    ...statementLines("GET", r.readStatements),
    "```",
    "",
  ];
  await fs.writeFile(file, md.join("\n"));
}
