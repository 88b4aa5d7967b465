import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { embeddedDatabaseUrl, withClient } from "../shared/database";
import { createTransaction } from "../shared/http";
import { startReceiver } from "../shared/webhook-receiver";
import { pay } from "../shared/payments";
import { createFaultFixtures, FAULT_DATA_DIR, faultEnv, postmasterPid, startFaultApp, wipeFaultData } from "./fault-app";
import { watchLog } from "../shared/processes";

const run = promisify(execFile);
// FAULTS_STEADY_SECONDS shortens the run for a quick try; the figures in docs/reliability.md are from 600 s.
const RUN_SECONDS = Number(process.env.FAULTS_STEADY_SECONDS ?? 600);
const SAMPLE_SECONDS = Math.max(5, Math.round(RUN_SECONDS / 40));
const CLIENTS = 8;
// What each client does in turn: reads and page views outnumber creates, a payment in every few.
const MIX = ["create", "read", "page", "read", "pay", "page", "create", "read", "page", "pay"] as const;
// Memory may breathe (garbage collection) but not climb: the last third's peak within 10 % (+ 16 MiB) of the
// middle third's; the first third is warm-up (compilation, caches, pools filling).
const RSS_SLACK = 1.1;
const RSS_SLACK_MIB = 16;

interface Sample {
  second: number;
  requests: number;
  /** MiB: the two node processes' resident memory, PostgreSQL's private memory summed over its processes. */
  serveMiB: number;
  webMiB: number;
  postgresMiB: number;
  connections: number;
  webFds: number;
}

/**
 * Experiment 5: 10 minutes of mixed load (creates, API reads, payment page views, sandbox payments with a webhook)
 * from 8 clients. Every answer must be the expected one, every paid transaction's webhook must arrive, nothing
 * may be logged at error level, and memory, database connections and the web server's open files must stay flat.
 */
export async function steadyLoad(): Promise<string[]> {
  await wipeFaultData();
  const env = faultEnv();
  const apiKey = await createFaultFixtures(env);
  const { app, stop } = await startFaultApp(env);
  const errorLines = watchLog(app).errors;
  const receiver = await startReceiver();
  const failures: string[] = [];
  try {
    const dbUrl = await embeddedDatabaseUrl(FAULT_DATA_DIR, "checkout");
    const web = await webServerOf(app.pid!);
    const counts = { requests: 0, unexpected: 0, paid: [] as string[] };
    const unexpected: string[] = [];
    const started = Date.now();
    const until = started + RUN_SECONDS * 1000;
    const samples: Sample[] = [];
    const sampler = (async () => {
      while (Date.now() < until) {
        samples.push(await sample(Math.round((Date.now() - started) / 1000), counts.requests, app.pid!, web, dbUrl));
        await new Promise((r) => setTimeout(r, SAMPLE_SECONDS * 1000));
      }
    })();
    const sessions: string[] = [];
    const client = async (c: number) => {
      for (let i = c; Date.now() < until; i++) {
        try {
          await act(MIX[i % MIX.length]!, env.APP_URL!, apiKey, receiver.url, sessions, counts);
        } catch (error) {
          counts.unexpected++;
          if (unexpected.length < 5) unexpected.push(String((error as Error).message).slice(0, 200));
        }
      }
    };
    await Promise.all([sampler, ...Array.from({ length: CLIENTS }, (_, c) => client(c))]);
    samples.push(await sample(Math.round((Date.now() - started) / 1000), counts.requests, app.pid!, web, dbUrl));

    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && counts.paid.some((id) => !arrivedFor(receiver, id))) await new Promise((r) => setTimeout(r, 250));
    const lost = counts.paid.filter((id) => !arrivedFor(receiver, id)).length;

    const growth = flatness(samples);
    if (counts.unexpected > 0) failures.push(`${counts.unexpected} unexpected answers (${unexpected.join(" | ")})`);
    if (lost > 0) failures.push(`${lost} of ${counts.paid.length} paid transactions' webhooks did not arrive`);
    if (errorLines.length > 0) failures.push(`${errorLines.length} error lines in the log (first: ${errorLines[0]!.slice(0, 200)})`);
    failures.push(...growth.failures);
    if (app.exitCode !== null) failures.push(`the app exited with ${app.exitCode}`);
    if (failures.length > 0) process.exitCode = 1;
    return [
      `Steady load: ${RUN_SECONDS} s, ${CLIENTS} clients, mix ${MIX.join("/")}`,
      `  requests                           ${counts.requests} (${(counts.requests / RUN_SECONDS).toFixed(0)}/s), unexpected ${counts.unexpected}`,
      `  payments, webhooks                 ${counts.paid.length} paid, ${counts.paid.length - lost} webhooks arrived, ${lost} lost`,
      `  error lines in the app's log       ${errorLines.length}`,
      ...growth.lines,
      "  curve (s, requests, serve.ts MiB, web server MiB, PostgreSQL private MiB, database connections, web server fds):",
      ...samples.map((s) => `    ${[s.second, s.requests, s.serveMiB, s.webMiB, s.postgresMiB, s.connections, s.webFds].join("\t")}`),
      failures.length === 0 ? "  PASS" : `  FAIL: ${failures.join("; ")}`,
    ];
  } finally {
    await receiver.close();
    await stop();
  }
}

type Action = (typeof MIX)[number];

async function act(action: Action, appUrl: string, apiKey: string, webhookUrl: string, sessions: string[], counts: { requests: number; paid: string[] }) {
  const known = sessions[Math.floor(Math.random() * sessions.length)];
  if (action === "create" || !known) {
    sessions.push((await createTransaction(appUrl, apiKey, { webhook_url: webhookUrl })).session_id);
    counts.requests++;
  } else if (action === "read") {
    await expectStatus(`${appUrl}/b/checkout/v1/pymt-txn/${known}/`, 200, { Authorization: `Api-Key ${apiKey}` });
    counts.requests++;
  } else if (action === "page") {
    await expectStatus(`${appUrl}/b/checkout/redirect/start/?session_id=${known}`, 200);
    counts.requests++;
  } else {
    const { session_id } = await createTransaction(appUrl, apiKey, { webhook_url: webhookUrl });
    await pay(appUrl, session_id);
    counts.paid.push(session_id);
    counts.requests += 5; // create, pay form, card page, card form, return
  }
}

async function expectStatus(url: string, status: number, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== status) throw new Error(`GET ${url} answered ${response.status}, not ${status}`);
}

const arrivedFor = (receiver: Awaited<ReturnType<typeof startReceiver>>, sessionId: string) =>
  [...receiver.arrivals.values()].some((a) => a.sessionId === sessionId);

/** The web server process serve.ts started (its other child is the embedded PostgreSQL). */
async function webServerOf(pid: number): Promise<number> {
  const { stdout } = await run("ps", ["-o", "pid=,args=", "--ppid", String(pid)]);
  const line = stdout.split("\n").find((l) => l.includes("web-server.ts"));
  if (!line) throw new Error(`serve.ts (${pid}) has no web server process.`);
  return Number(line.trim().split(/\s+/)[0]);
}

async function sample(second: number, requests: number, servePid: number, webPid: number, dbUrl: string): Promise<Sample> {
  const postmaster = await postmasterPid(path.join(FAULT_DATA_DIR, "postgres"));
  const { stdout } = postmaster ? await run("ps", ["-o", "pid=", "--ppid", String(postmaster)]) : { stdout: "" };
  const pgPids = [postmaster, ...stdout.split("\n").map(Number)].filter((p): p is number => !!p);
  const pgPrivate = (await Promise.all(pgPids.map((p) => statusKiB(p, "RssAnon")))).reduce((a, b) => a + b, 0);
  const connections = await withClient(dbUrl, async (c) =>
    Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend'`)).rows[0]!.n) - 1,
  );
  return {
    second,
    requests,
    serveMiB: Math.round((await statusKiB(servePid, "VmRSS")) / 1024),
    webMiB: Math.round((await statusKiB(webPid, "VmRSS")) / 1024),
    postgresMiB: Math.round(pgPrivate / 1024),
    connections,
    webFds: (await fs.readdir(`/proc/${webPid}/fd`)).length,
  };
}

/** A field of /proc/<pid>/status in KiB; 0 when the process is gone (a backend that just ended). */
async function statusKiB(pid: number, field: string): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
}

/** Compares the last third of the run with the middle third: memory within the slack, connections and files no more. */
function flatness(samples: Sample[]): { lines: string[]; failures: string[] } {
  const third = Math.floor(samples.length / 3);
  const middle = samples.slice(third, 2 * third);
  const last = samples.slice(2 * third);
  const peak = (rows: Sample[], key: keyof Sample) => Math.max(...rows.map((s) => s[key]));
  const lines: string[] = [];
  const failures: string[] = [];
  for (const [key, label, isMemory] of [
    ["serveMiB", "serve.ts (job engine) RSS, MiB", true],
    ["webMiB", "web server (Next.js) RSS, MiB", true],
    ["postgresMiB", "PostgreSQL private memory, MiB", true],
    ["connections", "database connections", false],
    ["webFds", "web server open files", false],
  ] as const) {
    const before = peak(middle, key);
    const after = peak(last, key);
    const allowed = isMemory ? before * RSS_SLACK + RSS_SLACK_MIB : before + 2;
    lines.push(`  ${`${label}, peak middle → last third`.padEnd(58)}${before} → ${after}${after > allowed ? "  (GROWING)" : ""}`);
    if (after > allowed) failures.push(`${label} grew from ${before} to ${after}`);
  }
  return { lines, failures };
}
