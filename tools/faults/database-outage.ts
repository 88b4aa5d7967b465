import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import pg from "pg";
import { embeddedDatabaseUrl, withClient } from "../shared/database";
import { stopProcess } from "../shared/processes";
import { percentile } from "../shared/stats";
import {
  createFaultFixtures,
  FAULT_DATA_DIR,
  FAULT_URL,
  faultEnv,
  postmasterPid,
  startOwnPostgres,
  startFaultApp,
  wipeFaultData,
} from "./fault-app";

const CLIENTS = 50;
const KILL_AT_MS = 5_000;
const RUN_MS = 30_000;
// A server of our own is started again this long after the kill; the embedded one is restarted by the app.
const EXTERNAL_DOWN_MS = 10_000;
// The longest any request may take during the outage: the pool's connect timeout (5 s) and some margin.
const LONGEST_MS = 8_000;
const RECOVERY_MS = 5_000;

interface Answer {
  at: number;
  ms: number;
  status: number; // 0: no HTTP answer at all
  json: boolean;
  retryAfter: boolean;
}

/**
 * Experiment 1: 50 clients create and read transactions while PostgreSQL is killed with SIGKILL. The embedded
 * database is started again by the app's supervisor; a server of our own (DATABASE_URL) by this script, 10 s
 * later. Checks: every answer is a 2xx or a JSON 503 with Retry-After, none slower than LONGEST_MS, creates
 * succeed within 5 s of the database's return, every 201 is in the database, the app survives, jobs resume.
 */
export async function databaseOutage(database: "embedded" | "external"): Promise<string[]> {
  await wipeFaultData();
  const external = database === "external" ? await startOwnPostgres() : null;
  const env = faultEnv(external ? { DATABASE_URL: external.url } : {});
  const apiKey = await createFaultFixtures(env);
  const { app, stop } = await startFaultApp(env);
  const cluster = external ? external.cluster : path.join(FAULT_DATA_DIR, "postgres");
  const url = external?.url ?? (await embeddedDatabaseUrl(FAULT_DATA_DIR, "checkout"));
  const failures: string[] = [];
  try {
    // Expiry jobs due during and after the outage: the job engine must run them once it can.
    const expiring = await createMany(apiKey, 20, "00:00:08");
    const answers: Answer[] = [];
    const created: string[] = [];
    const started = Date.now();
    const health: { at: number; status: number }[] = [];
    let killedAt = 0;
    let backAt = 0;

    const stopAt = started + RUN_MS;
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(i, apiKey, stopAt, started, answers, created));
    const watcher = (async () => {
      while (Date.now() < stopAt) {
        const status = await fetch(`${FAULT_URL}/api/ready`, { signal: AbortSignal.timeout(LONGEST_MS) }).then((r) => r.status, () => 0);
        health.push({ at: Date.now() - started, status });
        await sleep(250);
      }
    })();
    await sleep(KILL_AT_MS);
    const pid = await postmasterPid(cluster);
    if (!pid) throw new Error("no PostgreSQL to kill");
    process.kill(pid, "SIGKILL");
    killedAt = Date.now() - started;
    if (external) {
      await sleep(EXTERNAL_DOWN_MS);
      await external.restart();
    }
    backAt = (await waitForDatabase(url)) - started;
    await Promise.all([...clients, watcher]);

    const during = answers.filter((a) => a.at >= killedAt && a.at < backAt);
    const odd = answers.filter((a) => !(a.status === 200 || a.status === 201 || (a.status === 503 && a.json && a.retryAfter)));
    const slow = answers.filter((a) => a.ms > LONGEST_MS);
    const firstCreateAfter = answers.filter((a) => a.at >= backAt && a.status === 201).map((a) => a.at + a.ms)[0];
    const recovery = firstCreateAfter === undefined ? null : firstCreateAfter - backAt;
    const healthDown = health.some((h) => h.at >= killedAt && h.at < backAt && h.status === 503);
    const missing = await missingSessions(url, created);
    const expired = await expiredCount(url, expiring);

    if (odd.length > 0) failures.push(`${odd.length} answers neither 2xx nor a JSON 503 with Retry-After (statuses ${[...new Set(odd.map((a) => a.status))].join(", ")})`);
    if (slow.length > 0) failures.push(`${slow.length} answers slower than ${LONGEST_MS} ms`);
    if (recovery === null || recovery > RECOVERY_MS) failures.push(`creates did not succeed within ${RECOVERY_MS} ms of the database's return (${recovery ?? "never"})`);
    if (!healthDown) failures.push("/api/ready never said 503 during the outage");
    if (missing > 0) failures.push(`${missing} transactions answered 201 are not in the database`);
    if (expired !== expiring.length) failures.push(`${expiring.length - expired} of ${expiring.length} expiry jobs did not run after the outage`);
    if (app.exitCode !== null) failures.push(`the app exited (code ${app.exitCode})`);

    const lines = [
      `Database outage (${database}): ${CLIENTS} clients, create + read for ${RUN_MS / 1000} s, PostgreSQL SIGKILLed at ${(killedAt / 1000).toFixed(1)} s`,
      `  database answering again after     ${((backAt - killedAt) / 1000).toFixed(1)} s${external ? ` (restarted by the experiment after ${EXTERNAL_DOWN_MS / 1000} s)` : " (restarted by the app's supervisor)"}`,
      `  answers                            ${answers.length} (201: ${count(answers, 201)}, 200: ${count(answers, 200)}, 503: ${count(answers, 503)}, other: ${odd.length})`,
      `  during the outage                  ${during.length} answers, ${count(during, 503)} of them 503 with Retry-After; p50 ${percentile(during.map((a) => a.ms).sort((a, b) => a - b), 50).toFixed(0)} ms, max ${Math.max(0, ...during.map((a) => a.ms)).toFixed(0)} ms`,
      `  first create after the return      ${recovery === null ? "none" : `${recovery} ms`}`,
      `  /api/ready during the outage       ${healthDown ? "503" : "never 503"}`,
      `  201s missing from the database     ${missing} of ${created.length}`,
      `  expiry jobs run                    ${expired} of ${expiring.length}`,
      `  app process                        ${app.exitCode === null ? "survived" : `exited ${app.exitCode}`}`,
      failures.length === 0 ? "  PASS" : `  FAIL: ${failures.join("; ")}`,
    ];
    if (failures.length > 0) process.exitCode = 1;
    return lines;
  } finally {
    await stop();
    await external?.stop();
    if (app.exitCode === null) await stopProcess(app);
  }
}

async function client(i: number, apiKey: string, stopAt: number, started: number, answers: Answer[], created: string[]) {
  let n = 0;
  while (Date.now() < stopAt) {
    const create = await timed(`${FAULT_URL}/b/checkout/v1/pymt-txn/`, started, {
      method: "POST",
      headers: { authorization: `Api-Key ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ amount: "1", currency_code: "KWD", pg_codes: ["card"], order_no: `fault-${i}-${n++}` }),
    });
    answers.push(create.answer);
    if (create.answer.status === 201 && create.sessionId) {
      created.push(create.sessionId);
      answers.push((await timed(`${FAULT_URL}/b/checkout/v1/pymt-txn/${create.sessionId}/`, started, { headers: { authorization: `Api-Key ${apiKey}` } })).answer);
    } else if (create.answer.status !== 201) {
      await sleep(100); // a client backing off a little, as the Retry-After asks (shortened to keep the load up)
    }
  }
}

async function timed(url: string, started: number, init: RequestInit): Promise<{ answer: Answer; sessionId?: string }> {
  const t0 = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let body: { session_id?: string } | null = null;
    try {
      body = JSON.parse(text) as { session_id?: string };
    } catch {
      body = null;
    }
    const answer = { at: t0 - started, ms: Date.now() - t0, status: res.status, json: body !== null, retryAfter: res.headers.has("retry-after") };
    return { answer, sessionId: body?.session_id };
  } catch {
    return { answer: { at: t0 - started, ms: Date.now() - t0, status: 0, json: false, retryAfter: false } };
  }
}

async function createMany(apiKey: string, n: number, expiration: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${FAULT_URL}/b/checkout/v1/pymt-txn/`, {
      method: "POST",
      headers: { authorization: `Api-Key ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ amount: "1", currency_code: "KWD", pg_codes: ["card"], expiration_time: expiration }),
    });
    ids.push(((await res.json()) as { session_id: string }).session_id);
  }
  return ids;
}

async function waitForDatabase(url: string): Promise<number> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    const ok = await client.connect().then(() => client.query("SELECT 1")).then(() => true, () => false);
    await client.end().catch(() => undefined);
    if (ok) return Date.now();
    await sleep(100);
  }
}

const missingSessions = (url: string, ids: string[]) =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM transactions WHERE session_id = ANY($1)", [ids]);
    return ids.length - rows[0]!.n;
  });

async function expiredCount(url: string, ids: string[]): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const n = await withClient(url, async (c) => {
      const { rows } = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM transactions WHERE session_id = ANY($1) AND state = 'expired'", [ids]);
      return rows[0]!.n;
    });
    if (n === ids.length || Date.now() > deadline) return n;
    await sleep(500);
  }
}

const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;
