// npm run worker — the job engine alone (webhooks, messages, expiry), on DATABASE_URL or the embedded database.
import { openDatabase } from "@/db/connect";
import { migrateDatabase } from "@/db/migrate-database";
import { env } from "@/lib/env";
import { startWorker } from "@/lib/jobs/start-worker";
import { logger } from "@/lib/log/logger";
import { onStopSignal } from "./on-stop-signal";
import { runMain } from "./run-main";
import { within } from "./within";

runMain(async () => {
  const database = await openDatabase({ adoptOrphan: false });
  await migrateDatabase(database.db, database.url);
  const worker = await startWorker(database.url);
  logger.info({ workerPool: worker.poolId }, "worker started");
  await new Promise<void>((resolve) => onStopSignal(() => resolve()));
  await within("job engine", (env.WEBHOOK_TIMEOUT_SECONDS + 5) * 1000, worker.stop());
  await within("database", 15_000, database.close());
});
