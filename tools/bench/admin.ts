// The admin panel's transaction list on a big table: the seeded database, a signed-in superuser, the issue's six
// list cases over HTTP (one keep-alive connection, one request after the other: the server's time per page) against
// the framework floor (a bare Next.js route handler doing the list's first-page SELECT) and the app's own bare page.
import { randomBytes } from "node:crypto";
import { createDb } from "@/db/client";
import { listCases, screenCases } from "./admin-cases";
import { APP_URL, appEnv } from "./app";
import { FLOOR_URL } from "./floor";
import { sequentialTimes, shippedScripts } from "./page";
import { runScriptOrThrow } from "../shared/processes";
import type { Check } from "./report-flows";
import { signIn } from "../shared/sign-in";
import { ms, type Summary } from "../shared/stats";

export const ADMIN_TRANSACTIONS = 1_000_000;
export const ADMIN_REQUESTS = 200;
/** The issue's target for each list case: server time p99. */
export const LIST_P99_TARGET_MS = 150;
/** The issue's target for the dashboard: server time p99. */
export const DASHBOARD_P99_TARGET_MS = 300;

const ADMIN_USER = "bench-admin";

export interface AdminFigures {
  transactions: number;
  cases: { label: string; path: string; complete: Summary }[];
  /** The Refunds and operations screen and the Customer view (issue 30.2). */
  screens: { label: string; path: string; complete: Summary }[];
  live: Summary;
  dashboard: Summary;
  floorRoute?: Summary;
  floorPage: Summary;
  /** The JavaScript each panel screen makes the browser load (gzip bytes), against the framework floor page's. */
  javascript: { path: string; filesGzipBytes: number; ownGzipBytes: number; inlineGzipBytes: number }[];
  floorJavascriptGzipBytes: number;
}

/** The panel's screens whose JavaScript is weighed: the heaviest client components are on these. */
const WEIGHED_SCREENS = ["/admin", "/admin/transactions", "/admin/transactions/{session}", "/admin/gateways/new", "/admin/settings"];

/**
 * Before the app starts: more currencies and gateways beside the fixtures' KWD and "card" (so that filters have
 * something to tell apart), `count` transactions spread over them, and a superuser to sign in with.
 */
export async function seedBigTable(count: number): Promise<{ username: string; password: string }> {
  const admin = (...args: string[]) => runScriptOrThrow("server/admin.ts", args, appEnv);
  for (const [code, decimals] of [["USD", 2], ["EUR", 2], ["SAR", 2], ["BHD", 3]] as const) {
    await admin("add-currency", "--code", code, "--decimals", String(decimals));
  }
  await admin("create-gateway", "--code", "knet", "--pg", "sandbox", "--currencies", "KWD");
  await admin("create-gateway", "--code", "card-intl", "--pg", "sandbox", "--currencies", "KWD,USD,EUR,SAR,BHD");
  await admin("create-gateway", "--code", "card-auth", "--pg", "sandbox", "--currencies", "KWD,USD", "--operation", "authorize");
  await admin("create-gateway", "--code", "benefit", "--pg", "sandbox", "--currencies", "BHD");
  await admin("create-gateway", "--code", "mada", "--pg", "sandbox", "--currencies", "SAR");
  process.stderr.write(`Seeding ${count} transactions (npm run seed:bench) …\n`);
  const started = Date.now();
  await runScriptOrThrow("tools/seed-transactions.ts", ["--count", String(count)], appEnv);
  process.stderr.write(`  seeded in ${Math.round((Date.now() - started) / 1000)} s\n`);
  const password = randomBytes(12).toString("hex");
  await admin("create-user", "--username", ADMIN_USER, "--password", password, "--superuser");
  return { username: ADMIN_USER, password };
}

/** Measures the list's cases, its live JSON and the floors; `withFloor` adds the floor app's route (started by the caller). */
export async function measureAdminList(dbUrl: string, user: { username: string; password: string }, withFloor: boolean): Promise<AdminFigures> {
  const db = createDb(dbUrl, { max: 1 });
  const { transactions, cases, screens, session } = await (async () => {
    try {
      const { count } = await db.selectFrom("transactions").select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
      const { session_id } = await db.selectFrom("transactions").select("session_id").limit(1).executeTakeFirstOrThrow();
      return { transactions: Number(count), cases: await listCases(db), screens: await screenCases(db), session: session_id };
    } finally {
      await db.destroy();
    }
  })();
  const headers: Record<string, string> = { Cookie: await signIn(APP_URL, user.username, user.password) };
  const timed = async (label: string, url: string, withHeaders = headers) => {
    process.stderr.write(`Measuring ${label} (${ADMIN_REQUESTS} sequential requests) …\n`);
    const { complete } = await sequentialTimes(url, ADMIN_REQUESTS, withHeaders);
    process.stderr.write(`  p50 ${ms(complete.p50)} ms, p99 ${ms(complete.p99)} ms\n`);
    return complete;
  };
  const measured = [];
  for (const c of cases) {
    const path = `/admin/transactions${Object.keys(c.params).length ? `?${new URLSearchParams(c.params)}` : ""}`;
    measured.push({ label: c.label, path, complete: await timed(c.label, `${APP_URL}${path}`) });
  }
  const measuredScreens = [];
  for (const c of screens) measuredScreens.push({ ...c, complete: await timed(c.label, `${APP_URL}${c.path}`) });
  process.stderr.write("Weighing the panel's JavaScript in Chromium …\n");
  const floorJs = await shippedScripts(`${APP_URL}/bench/framework-floor`);
  const floorSources = new Set(floorJs.files.map((f) => f.source));
  const javascript = [];
  for (const path of WEIGHED_SCREENS) {
    const shipped = await shippedScripts(`${APP_URL}${path.replace("{session}", session)}`, headers.Cookie);
    const own = shipped.files.filter((f) => !floorSources.has(f.source));
    javascript.push({
      path,
      filesGzipBytes: shipped.filesGzipBytes,
      ownGzipBytes: own.reduce((sum, f) => sum + f.gzipBytes, 0),
      inlineGzipBytes: shipped.inlineGzipBytes,
    });
  }
  return {
    transactions,
    javascript,
    floorJavascriptGzipBytes: floorJs.filesGzipBytes,
    cases: measured,
    screens: measuredScreens,
    live: await timed("the live JSON's first page", `${APP_URL}/api/admin/transactions`),
    dashboard: await timed("the dashboard", `${APP_URL}/admin`),
    floorRoute: withFloor ? await timed("the floor route", `${FLOOR_URL}/transactions`, {}) : undefined,
    floorPage: await timed("the framework floor page", `${APP_URL}/bench/framework-floor`, {}),
  };
}

export function adminChecks(a: AdminFigures): Check[] {
  const count = `${a.transactions.toLocaleString("en")} transactions`;
  return [
    ...[...a.cases.map((c) => ({ ...c, label: `transaction list, ${c.label}` })), ...a.screens].map((c) => ({
      target: `${c.label}: p99 ≤ ${LIST_P99_TARGET_MS} ms (${count})`,
      measured: `${ms(c.complete.p99)} ms`,
      pass: c.complete.p99 <= LIST_P99_TARGET_MS,
    })),
    {
      target: `dashboard: p99 ≤ ${DASHBOARD_P99_TARGET_MS} ms (${count})`,
      measured: `${ms(a.dashboard.p99)} ms`,
      pass: a.dashboard.p99 <= DASHBOARD_P99_TARGET_MS,
    },
  ];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function adminLines(a: AdminFigures): string[] {
  const row = (label: string, s: Summary) => {
    const vsFloor = (of: "p50" | "p99") => (a.floorRoute ? `${(s[of] / a.floorRoute[of]).toFixed(2)}×` : "—");
    return `| ${label} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} | ${s.n} | ${vsFloor("p50")} | ${vsFloor("p99")} |`;
  };
  return [
    `${a.transactions.toLocaleString("en")} transactions in the database. Whole response, one keep-alive connection, one request after the other, with a superuser's session cookie.`,
    "",
    "| Request | p50 ms | p99 ms | max ms | requests | p50 vs floor route | p99 vs floor route |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...[...a.cases, ...a.screens].map((c) => row(`${c.label}: GET ${c.path.length > 60 ? `${c.path.slice(0, 57)}…` : c.path}`, c.complete)),
    row("live JSON, first page: GET /api/admin/transactions", a.live),
    row("dashboard: GET /admin", a.dashboard),
    ...(a.floorRoute ? [row("floor: bare Next.js route handler + the first page's SELECT", a.floorRoute)] : []),
    row("framework floor page (same build, no SQL)", a.floorPage),
    "",
    `JavaScript the browser loads per screen, gzip KB (the framework floor page loads ${kb(a.floorJavascriptGzipBytes)} KB of script files):`,
    "",
    "| Screen | script files | of which the panel's own (not on the floor page) | inline (bootstrap, RSC payload) |",
    "|---|---:|---:|---:|",
    ...a.javascript.map((j) => `| ${j.path} | ${kb(j.filesGzipBytes)} | ${kb(j.ownGzipBytes)} | ${kb(j.inlineGzipBytes)} |`),
  ];
}
