import { execFileSync } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { runScriptOrThrow, startScript, stopProcess, waitForOk } from "../shared/processes";

/** BENCH_APP_PORT / BENCH_PG_PORT move the bench off its defaults, when another run shares the machine. */
export const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const DATA_DIR = ".data/bench";
/** Where the bench's build goes (next.config.mjs's distDir with BENCH_BUILD=on). */
export const BUILD_DIR = ".data/bench-next";

/**
 * The production app's settings; LOG_LEVEL=warn so one log line per request does not dominate the figures. The
 * embedded job engine runs inside the app (as with `npm start`); ALLOW_PRIVATE_URLS lets it deliver webhooks to the
 * bench's receiver on 127.0.0.1, which production refuses otherwise; BENCH_BUILD builds and serves the bench's own build
 * (BUILD_DIR), which also holds the framework-floor page (next.config.mjs), so the production build in .next is left alone.
 */
export const appEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR,
  EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT ?? "54370",
  PORT: String(APP_PORT),
  HOST: "127.0.0.1",
  APP_URL,
  DEMO_DATA: "off",
  LOG_LEVEL: "warn",
  ALLOW_PRIVATE_URLS: "true",
  JOB_ENGINE: "embedded",
  WORKER: "on",
  NEXT_TELEMETRY_DISABLED: "1",
  BENCH_BUILD: "on",
  DATABASE_URL: "",
};

export function buildApp(skip: boolean, cwd = process.cwd()): void {
  if (skip && existsSync(path.join(cwd, BUILD_DIR, "BUILD_ID"))) {
    process.stderr.write(`Skipping the build; using the existing ${path.join(cwd, BUILD_DIR)}.\n`);
    return;
  }
  try {
    execFileSync("npm", ["run", "build"], { cwd, stdio: ["ignore", process.stderr, process.stderr], env: appEnv });
  } catch {
    throw new Error("npm run build failed (its output is above); nothing was measured.");
  }
}

/**
 * A fresh database with one currency, one sandbox gateway, a webhook HMAC key, expiry on, and an API key, made with
 * the admin CLI (which starts and stops the embedded PostgreSQL itself). Returns the API key's private key.
 */
export async function createFixtures(): Promise<string> {
  await fs.rm(DATA_DIR, { recursive: true, force: true });
  const admin = (...args: string[]) => runScriptOrThrow("server/admin.ts", args, appEnv);
  await admin("add-currency", "--code", "KWD", "--decimals", "3");
  await admin("create-gateway", "--code", "card", "--pg", "sandbox", "--currencies", "KWD");
  await admin("set-config", "--webhook-hmac-key", "bench-hmac-key-123", "--expire-transactions", "on");
  const lines = await admin("create-api-key", "--name", "bench");
  return lines.at(-1)!;
}

/** A public key for the embedded checkout's shop page at `origin` (the bench's database must exist). */
export async function createPublicKey(origin: string): Promise<string> {
  const lines = await runScriptOrThrow("server/admin.ts", ["create-public-key", "--name", "bench shop", "--origins", origin], appEnv);
  return lines.at(-1)!;
}

/**
 * Loads pg_stat_statements at the next start of the bench's cluster (it ships with the embedded server) so the bench
 * can count SQL statements; it tracks nothing until the bench turns tracking on (see round-trips.ts).
 */
export async function preloadStatementStats(): Promise<void> {
  const conf = path.join(DATA_DIR, "postgres", "postgresql.conf");
  await fs.appendFile(conf, "\nshared_preload_libraries = 'pg_stat_statements'\npg_stat_statements.track = 'none'\n");
}

/**
 * Starts the app as `npm start` does (with `env` added to appEnv) and waits for its health check; returns a function
 * that stops it.
 */
export async function startApp(env: Record<string, string> = {}): Promise<() => Promise<void>> {
  const app = startScript("server/serve.ts", [], { ...appEnv, ...env }, "app");
  const stop = async () => {
    // Let the requests still queued from the last load finish first: serve.ts stops the database on SIGTERM.
    await fetch(`${APP_URL}/api/health`, { signal: AbortSignal.timeout(15_000) }).catch(() => undefined);
    await stopProcess(app);
    await checkStopped();
  };
  try {
    await waitForOk(`${APP_URL}/api/health`, app);
  } catch (error) {
    await stopProcess(app);
    throw error;
  }
  return stop;
}

/** Waits (up to 15 s) until neither Next.js nor the embedded PostgreSQL runs any more; says so loudly if they do. */
async function checkStopped(): Promise<void> {
  const pidFile = path.join(DATA_DIR, "postgres", "postmaster.pid");
  for (let i = 0; i < 60; i++) {
    const serving = await fetch(`${APP_URL}/api/health`).then(() => true, () => false);
    if (!serving && !existsSync(pidFile)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app (${APP_URL}) or its PostgreSQL (${pidFile}) is still running after the bench stopped it.`);
}
