// npm run db:migrate — applies pending migrations to DATABASE_URL or the embedded database.
import { openDatabase } from "@/server/open-database";
import { migrateDatabase } from "@/db/migrate-database";
import { runMain } from "./run-main";

runMain(async () => {
  const database = await openDatabase({ adoptOrphan: false });
  try {
    const applied = await migrateDatabase(database.db, database.url);
    process.stdout.write(applied.length ? `Applied: ${applied.join(", ")}\n` : "Database is up to date.\n");
  } finally {
    await database.close();
  }
});
