import type { ChildProcess } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "@/db/embedded-postgres";
import { runScriptOrThrow, startScript, stopProcess, waitForOk } from "../shared/processes";

// FAULTS_PORT / FAULTS_PG_PORT move the experiments off their default ports (two checkouts side by side); the
// external-database variant uses FAULTS_PG_PORT + 1 and experiments with a second web process FAULTS_PORT + 1.
export const FAULT_PORT = Number(process.env.FAULTS_PORT ?? 3400);
export const FAULT_URL = `http://127.0.0.1:${FAULT_PORT}`;
export const FAULT_DATA_DIR = ".data/faults";
export const FAULT_PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 54375);

/** The production app as `npm start` runs it, on ports and a data directory of the experiments' own. */
export const faultEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: FAULT_DATA_DIR,
  EMBEDDED_PG_PORT: String(FAULT_PG_PORT),
  PORT: String(FAULT_PORT),
  HOST: "127.0.0.1",
  APP_URL: FAULT_URL,
  DEMO_DATA: "off",
  LOG_LEVEL: "warn",
  ALLOW_PRIVATE_URLS: "true",
  NEXT_TELEMETRY_DISABLED: "1",
  MAINTENANCE_SECONDS: "2",
  DATABASE_URL: "",
  ...extra,
});

export function requireBuild(): void {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build in .next/: run `npm run build` first.");
}

/**
 * A fresh database with KWD, a sandbox gateway `card` and an API key (made with the admin CLI of the checkout in
 * `cwd`, this one by default); returns the key.
 */
export async function createFaultFixtures(env: NodeJS.ProcessEnv, cwd?: string): Promise<string> {
  const admin = (...args: string[]) => runScriptOrThrow("server/admin.ts", args, env, cwd);
  await admin("add-currency", "--code", "KWD", "--decimals", "3");
  await admin("create-gateway", "--code", "card", "--pg", "sandbox", "--currencies", "KWD");
  await admin("set-config", "--expire-transactions", "on");
  return (await admin("create-api-key", "--name", "faults")).at(-1)!;
}

export async function wipeFaultData(): Promise<void> {
  await fs.rm(FAULT_DATA_DIR, { recursive: true, force: true });
}

/**
 * Starts the app and waits for its health check; returns the process and a function that stops it. With
 * `ownGroup`, the app (serve.ts, the web server and the embedded PostgreSQL) is a process group of its own, which
 * `crashFaultApp` kills at once.
 */
export async function startFaultApp(env: NodeJS.ProcessEnv, { ownGroup = false } = {}) {
  const app = startScript("server/serve.ts", [], env, "app", { detached: ownGroup });
  try {
    await waitForOk(`${FAULT_URL}/api/health`, app);
  } catch (error) {
    await stopProcess(app);
    throw error;
  }
  return { app, stop: () => stopProcess(app) };
}

/** The pid of the PostgreSQL whose cluster is in `dir` (postmaster.pid's first line), or null when none runs. */
export async function postmasterPid(dir: string): Promise<number | null> {
  const file = path.join(dir, "postmaster.pid");
  if (!existsSync(file)) return null;
  const pid = Number((await fs.readFile(file, "utf8")).split("\n")[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** SIGKILL to every process of an app started with `ownGroup`, as a power cut would; resolves once serve.ts is gone. */
export async function crashFaultApp(app: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => (app.exitCode !== null || app.signalCode !== null ? resolve() : app.once("exit", () => resolve())));
  process.kill(-app.pid!, "SIGKILL");
  await exited;
}

/**
 * A PostgreSQL of the experiment's own on FAULT_PG_PORT + 1 (as an operator's server would be, the app reaching it
 * by DATABASE_URL), which an experiment may kill and start again.
 */
export async function startOwnPostgres() {
  const dataDir = path.join(FAULT_DATA_DIR, "external");
  const start = () => startEmbeddedPostgres({ dataDir, port: FAULT_PG_PORT + 1, database: "checkout", adoptOrphan: false });
  let server = await start();
  return {
    url: server.url,
    cluster: path.join(dataDir, "postgres"),
    restart: async () => void (server = await start()),
    stop: () => server.stop(),
  };
}
