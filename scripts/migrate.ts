// npm run db:migrate — applies pending migrations to DATABASE_URL or the embedded database.
import { openDatabase } from "@/db/connect";
import { migrateToLatest } from "@/db/migrate";
import { migrateJobQueue } from "@/db/migrate-job-queue";
import { runMain } from "./run-main";

runMain(async () => {
  const database = await openDatabase({ adoptOrphan: false });
  try {
    const applied = await migrateToLatest(database.db);
    await migrateJobQueue(database.url);
    process.stdout.write(applied.length ? `Applied: ${applied.join(", ")}\n` : "Database is up to date.\n");
  } finally {
    await database.close();
  }
});
