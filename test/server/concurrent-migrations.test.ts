import pg from "pg";
import { expect, it, onTestFinished } from "vitest";
import { createDb } from "@/db/client";
import { MIGRATION_LOCK, migrateDatabase } from "@/db/migrate-database";
import { createExtraDatabase } from "../support/extra-database";

const PROCESSES = 4;

// Found by the several-processes experiment: two web processes and two workers started together on an empty
// database migrate it at the same moment, and one of them failed ("relation graphile_worker.known_crontabs does
// not exist": it read the schema while another process was changing it) and exited.
it("lets several processes migrate an empty database at the same moment", async () => {
  const { url } = await createExtraDatabase({ migrated: false });
  const pools = Array.from({ length: PROCESSES }, () => createDb(url, { max: 2 }));
  try {
    const applied = await Promise.all(pools.map((db) => migrateDatabase(db, url)));
    // Each migration ran once, by whichever process came first; the others found nothing left to do.
    expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
  } finally {
    await Promise.all(pools.map((db) => db.destroy()));
  }
});

it("waits while another process holds the migration lock, without touching the schema", async () => {
  const { url, db } = await createExtraDatabase({ migrated: false });
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  onTestFinished(() => holder.end());
  await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);

  const migrating = migrateDatabase(db, url);
  const waiting = async () => {
    const { rows } = await holder.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    );
    return rows[0]!.n;
  };
  await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
  const tables = await holder.query("SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')");
  expect(tables.rows).toEqual([]);

  await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
  expect((await migrating).length).toBeGreaterThan(0);
});
