import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { runScriptOrThrow, startScript, stopProcess, waitForOk } from "../shared/processes";
import { startReceiver } from "../shared/webhook-receiver";
import { createFaultFixtures, FAULT_DATA_DIR, FAULT_PORT, FAULT_URL, faultEnv, startOwnPostgres, wipeFaultData } from "./fault-app";
import { answersDuring, startRecordedLoad } from "./recorded-load";

const run = promisify(execFile);
// FAULTS_UPGRADE_SECONDS: the length of each phase (old alone, old on the new schema, both, new alone).
const PHASE_MS = Number(process.env.FAULTS_UPGRADE_SECONDS ?? 15) * 1000;
const CLIENTS = 6;
const NEW_URL = `http://127.0.0.1:${FAULT_PORT + 1}`;

/**
 * Experiment 8: a rolling upgrade under traffic. The previous release (by default the commit before the last
 * change to db/migrations; `--from <ref>`) runs from a temporary git worktree, in development mode (no second
 * production build), on a PostgreSQL of the experiment's own, with clients creating, reading and paying. The
 * new release's migrations are applied while it serves; the new release starts beside it on another port; traffic
 * goes to both, then to the new one only (as a load balancer drains a process); the old one is stopped. No
 * request may fail, and every payment's webhook must arrive.
 */
export async function upgrade(fromRef?: string): Promise<string[]> {
  await wipeFaultData();
  const lastSchemaChange = (await git("log", "-1", "--format=%H", "--", "db/migrations")).trim();
  const ref = fromRef ?? `${lastSchemaChange}^1`;
  const commit = (await git("rev-parse", "--verify", `${ref}^{commit}`)).trim();
  const oldDir = path.join(os.tmpdir(), `checkout-upgrade-from-${commit.slice(0, 10)}-${process.pid}`);
  await git("worktree", "add", "--detach", oldDir, commit);
  const database = await startOwnPostgres();
  const receiver = await startReceiver();
  const started: ReturnType<typeof startScript>[] = [];
  const failures: string[] = [];
  try {
    if (!existsSync(path.join(oldDir, "server/serve.ts"))) throw new Error(`${ref} has no server/serve.ts: choose a later --from.`);
    await run("cp", ["-al", path.resolve("node_modules"), path.join(oldDir, "node_modules")]);
    // Both releases read the same secrets (the credentials key) from one DATA_DIR, as processes of one installation.
    const shared = { DATABASE_URL: database.url, DATA_DIR: path.resolve(FAULT_DATA_DIR, "shared") };
    const oldEnv = faultEnv({ ...shared, NODE_ENV: "development" });
    const newEnv = faultEnv({ ...shared, PORT: String(FAULT_PORT + 1), APP_URL: NEW_URL });

    const apiKey = await createFaultFixtures(oldEnv, oldDir);
    const old = startScript("server/serve.ts", ["dev"], oldEnv, "old", { cwd: oldDir });
    started.push(old);
    await waitForOk(`${FAULT_URL}/api/health`, old, 300_000);
    // Development mode compiles each route on its first request: these are not counted.
    const warm = startRecordedLoad({ targets: () => [FAULT_URL], apiKey, webhookUrl: receiver.url, clients: 1 });
    while (warm.answers.filter((a) => a.ok && a.kind === "pay").length === 0 && warm.answers.length < 20) await sleep(200);
    await warm.stop();

    let targets = [FAULT_URL];
    const load = startRecordedLoad({ targets: () => targets, apiKey, webhookUrl: receiver.url, clients: CLIENTS });
    const t = { start: Date.now(), migrate: 0, migrated: 0, newReady: 0, oldOut: 0, oldStopped: 0, end: 0 };
    await sleep(PHASE_MS);
    t.migrate = Date.now();
    const applied = await runScriptOrThrow("server/migrate.ts", [], newEnv);
    t.migrated = Date.now();
    await sleep(PHASE_MS);
    const next = startScript("server/serve.ts", [], newEnv, "new");
    started.push(next);
    await waitForOk(`${NEW_URL}/api/ready`, next);
    t.newReady = Date.now();
    targets = [FAULT_URL, NEW_URL];
    await sleep(PHASE_MS);
    targets = [NEW_URL];
    t.oldOut = Date.now();
    while (load.inFlightTo(FAULT_URL) > 0) await sleep(50);
    await stopProcess(old);
    t.oldStopped = Date.now();
    await sleep(PHASE_MS);
    await load.stop();
    t.end = Date.now();

    const paid = load.answers.filter((a) => a.ok && a.kind === "pay").map((a) => a.sessionId!);
    const arrived = () => new Set([...receiver.arrivals.values()].map((a) => a.sessionId));
    const deadline = Date.now() + 60_000;
    while (paid.some((id) => !arrived().has(id)) && Date.now() < deadline) await sleep(250);
    const lost = paid.filter((id) => !arrived().has(id)).length;

    const phase = (label: string, from: number, to: number) => {
      const { count, failed } = answersDuring(load.answers, from, to);
      return `  ${label.padEnd(46)}${String(count).padStart(6)} requests, ${failed.length} failed`;
    };
    const failed = load.answers.filter((a) => !a.ok);
    if (failed.length > 0) failures.push(`${failed.length} requests failed (first: ${failed[0]!.error})`);
    if (lost > 0) failures.push(`${lost} of ${paid.length} payments' webhooks did not arrive`);
    if (failures.length > 0) process.exitCode = 1;
    return [
      `Upgrade under traffic: from ${ref} (${commit.slice(0, 10)}, development mode) to this checkout (production build), ${CLIENTS} clients`,
      `  migrations applied while the old release served: ${applied.join(" ")}`,
      phase("old release alone", t.start, t.migrate),
      phase("during the migrations", t.migrate, t.migrated),
      phase("old release on the new schema", t.migrated, t.newReady),
      phase("both releases behind the balancer", t.newReady, t.oldOut),
      phase("old drained and stopped", t.oldOut, t.oldStopped),
      phase("new release alone", t.oldStopped, t.end),
      `  in all                                        ${String(load.answers.length).padStart(6)} requests, ${failed.length} failed`,
      `  migrations took ${((t.migrated - t.migrate) / 1000).toFixed(1)} s; new release ready ${((t.newReady - t.migrated - PHASE_MS) / 1000).toFixed(1)} s after its start`,
      `  payments, webhooks                            ${paid.length} paid, ${paid.length - lost} webhooks arrived, ${lost} lost`,
      failures.length === 0 ? "  PASS" : `  FAIL: ${failures.join("; ")}`,
    ];
  } finally {
    for (const child of started.reverse()) await stopProcess(child);
    await receiver.close();
    await database.stop();
    await git("worktree", "remove", "--force", oldDir).catch(() => undefined);
  }
}

async function git(...args: string[]): Promise<string> {
  return (await run("git", args, { maxBuffer: 16 * 1024 * 1024 })).stdout;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
