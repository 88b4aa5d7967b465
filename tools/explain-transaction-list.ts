// npx tsx tools/explain-transaction-list.ts [--write FILE]: the admin transaction list's query for each of the
// issue's cases (tools/bench/admin-cases.ts: filters, pages, search by prefix and substring) and a few more, and
// the queries of the Refunds and operations screen and the Customer view, as EXPLAIN (ANALYZE, BUFFERS) on
// DATABASE_URL or the embedded database, after a warm-up run, with the time of 20 more runs. Prints Markdown, or
// writes it to FILE.
// Meant for a seeded table: npm run seed:bench -- --count 1000000.
import { promises as fs } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "@/db/types";
import { listMoneyOperations } from "@/lib/panel/admin/list-money-operations";
import { loadCustomer } from "@/lib/panel/admin/load-customer";
import type { Db } from "@/db/client";
import { openDatabase } from "@/server/open-database";
import { transactionPageQuery } from "@/db/queries/transaction-list";
import { PAGE_SIZE } from "@/lib/panel/admin/list-transactions";
import { listQuery, readListFilters } from "@/lib/panel/admin/read-list-filters";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { listCases, screenCases } from "./bench/admin-cases";
import { summarize } from "./shared/stats";
import { runMain } from "../server/run-main";

const { values: flags } = parseArgs({ options: { write: { type: "string" } } });
const RUNS = 20;

/** The indexes a plan reads, in order, without repeats. */
const indexesOf = (plan: string) => [...new Set([...plan.matchAll(/(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/g)].map((m) => m[1]!))];

const superuser: UserCaller = { kind: "user", id: "0", username: "explain", isSuperuser: true, gatewayCodes: [], permissions: [] };

/** The SQL the list runs for these parameters, with its values. */
async function compiled(db: Db, caller: UserCaller, params: Record<string, string>): Promise<CompiledQuery> {
  const { filters, errors } = await readListFilters({ db }, caller, new URLSearchParams(params));
  if (!filters) throw new Error(`Wrong filters ${JSON.stringify(params)}: ${JSON.stringify(errors)}`);
  return transactionPageQuery(db, listQuery(caller, filters, PAGE_SIZE + 1)).compile();
}

/**
 * The queries a screen's verb runs for its address (the operations screen, the Customer view), recorded on a
 * second handle: the list's own are compiled above; these verbs run several.
 */
async function screenQueries(url: string, caller: UserCaller, path: string): Promise<CompiledQuery[]> {
  const executed: CompiledQuery[] = [];
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }), log: (e) => void executed.push(e.query) });
  try {
    const { pathname, searchParams } = new URL(path, "http://x");
    if (pathname === "/admin/operations") await listMoneyOperations({ ctx: { db }, input: { caller, params: Object.fromEntries(searchParams) } });
    else await loadCustomer({ ctx: { db }, input: { caller, params: searchParams } });
  } finally {
    await db.destroy();
  }
  // The statement_timeout's set_config is not worth a plan.
  return executed.filter((q) => !/set_config|^(begin|commit)$/i.test(q.sql.trim()));
}

async function explain(db: Db, query: CompiledQuery): Promise<{ plan: string; ms: ReturnType<typeof summarize> }> {
  await db.executeQuery(query);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await db.executeQuery(query);
    times.push(performance.now() - started);
  }
  const { rows } = await db.executeQuery<{ "QUERY PLAN": string }>(
    CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, [...query.parameters]),
  );
  return { plan: rows.map((r) => r["QUERY PLAN"]).join("\n"), ms: summarize(times) };
}

runMain(async () => {
  const database = await openDatabase({ adoptOrphan: false });
  try {
    const db = database.db;
    const { rows } = await sql<{ n: number; gateway: string }>`
      SELECT (SELECT count(*)::int FROM transactions) AS n,
        (SELECT code FROM gateway_settings ORDER BY code LIMIT 1) AS gateway`.execute(db);
    const { n, gateway } = rows[0]!;
    const limited: UserCaller = { ...superuser, isSuperuser: false, gatewayCodes: [gateway] };
    const cases = [
      ...(await listCases(db)).map((c) => ({ label: c.label, caller: superuser, params: c.params })),
      { label: `first page of a user limited to gateway ${gateway}`, caller: limited, params: {} },
      { label: "filtered page on a rare combination (state=error, currency=EUR)", caller: superuser, params: { state: "error", currency: "EUR" } },
      { label: "filtered page on an amount range (min=900, max=1000)", caller: superuser, params: { min: "900", max: "1000" } },
    ];
    const md = [
      "# The transaction list's queries on a big table",
      "",
      `Written by \`npx tsx tools/explain-transaction-list.ts --write docs/admin/txlist-explain.md\` on ${new Date().toISOString()},`,
      `on ${n.toLocaleString("en")} transactions made by \`npm run seed:bench\`. Each query is the one the`,
      `list runs (db/queries/transaction-list.ts, a page of ${PAGE_SIZE} + 1 rows), run once to warm up, then ${RUNS} times`,
      "(the database's time for it over one connection, from this script), then explained with EXPLAIN (ANALYZE, BUFFERS).",
      `Load average of the machine at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} (2 cores shared with other work).`,
      "",
      "| Case | Indexes read | Execution (EXPLAIN) | p50 / p99 of 20 runs |",
      "|---|---|---:|---:|",
    ];
    const sections: string[] = [];
    const queries: { label: string; params: Record<string, string>; query: CompiledQuery }[] = [];
    for (const c of cases) queries.push({ label: c.label, params: c.params, query: await compiled(db, c.caller, c.params) });
    for (const c of await screenCases(db)) {
      const recorded = await screenQueries(database.url, superuser, c.path);
      recorded.forEach((query, i) => queries.push({ label: `${c.label} (query ${i + 1} of ${recorded.length})`, params: { path: c.path }, query }));
    }
    for (const c of queries) {
      const query = c.query;
      const { plan, ms } = await explain(db, query);
      process.stderr.write(`${c.label}: p50 ${ms.p50.toFixed(2)} ms, p99 ${ms.p99.toFixed(2)} ms\n`);
      const execution = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? "?";
      md.push(`| ${c.label} | ${indexesOf(plan).join(", ")} | ${execution} ms | ${ms.p50.toFixed(2)} / ${ms.p99.toFixed(2)} ms |`);
      sections.push(
        `## ${c.label}`,
        "",
        `Parameters: \`${JSON.stringify(c.params)}\`; ${RUNS} runs: p50 ${ms.p50.toFixed(2)} ms, p99 ${ms.p99.toFixed(2)} ms, max ${ms.max.toFixed(2)} ms.`,
        "",
        "```",
        `-- values: ${JSON.stringify(query.parameters)}`,
        query.sql,
        "",
        plan,
        "```",
        "",
      );
    }
    const text = [...md, "", ...sections].join("\n");
    if (flags.write) await fs.writeFile(flags.write, text);
    else process.stdout.write(text);
    return 0;
  } finally {
    await database.close();
  }
});
