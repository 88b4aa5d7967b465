import { Logger, runMigrations } from "graphile-worker";

const quietLogger = new Logger(() => () => undefined);

/** Creates or upgrades the job queue's own schema (graphile_worker) in the app's database. */
export async function migrateJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: quietLogger });
}
