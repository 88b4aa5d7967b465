import { createHash } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { link, unlink } from "node:fs/promises";
import { once } from "node:events";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { BackupRefused, type BackupHeader, END_OF_ROWS, FORMAT_VERSION, MAGIC, type SequenceValues, SEQUENCES, TABLE, TRAILER } from "./backup-file";
import { backupTables, backupSequences } from "./backup-tables";

export interface BackupSummary {
  bytes: number;
  rows: Record<string, number>;
  header: BackupHeader;
}

/**
 * Writes every table of the app's schema and of graphile_worker's (pending jobs are pending webhooks) to `file`,
 * from one REPEATABLE READ snapshot: the service keeps serving (COPY takes no lock that blocks writes) and the
 * file holds the database as it was at one instant. Written beside `file` with mode 0600 and linked into place
 * when complete, so `file` never names half a backup; an existing `file` is never replaced.
 */
export async function writeBackup({ url, file, secrets }: { url: string; file: string; secrets: Record<string, string> }): Promise<BackupSummary> {
  const draft = `${file}.${process.pid}.partial`;
  const client = new pg.Client({ connectionString: url, application_name: "checkout-service-backup" });
  await client.connect();
  const out = createWriteStream(draft, { flags: "wx", mode: 0o600 });
  try {
    await once(out, "open");
    const sink = hashingSink(out);
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const header = await describeDatabase(client, secrets);
    await sink.write(`${MAGIC} ${FORMAT_VERSION}\n${JSON.stringify(header)}\n`);
    const rows: Record<string, number> = {};
    for (const table of header.tables) {
      await sink.write(`${TABLE}${table.name}\n`);
      const columns = table.columns.map((c) => client.escapeIdentifier(c)).join(", ");
      rows[table.name] = 0;
      for await (const chunk of client.query(copyTo(`COPY ${table.name} (${columns}) TO STDOUT`)) as AsyncIterable<Buffer>) {
        rows[table.name]! += countNewlines(chunk);
        await sink.write(chunk);
      }
      await sink.write(`${END_OF_ROWS}\n`);
    }
    // Read last: a sequence is never behind the rows of the snapshot (sequences are not transactional).
    const sequences: SequenceValues = await backupSequences(client);
    await client.query("COMMIT");
    await sink.write(`${SEQUENCES}${JSON.stringify(sequences)}\n`);
    out.write(`${TRAILER}${JSON.stringify({ rows, sha256: sink.digest() })}\n`);
    out.end();
    await once(out, "close");
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      throw error.code === "EEXIST" ? new BackupRefused(`${file} already exists: choose another name (a backup never replaces a file).`) : error;
    });
    return { bytes: out.bytesWritten, rows, header };
  } finally {
    out.destroy();
    await client.end();
    await unlink(draft).catch(() => undefined);
  }
}

async function describeDatabase(client: pg.Client, secrets: Record<string, string>): Promise<BackupHeader> {
  const version = (await client.query<{ v: string; n: string }>("SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS n")).rows[0]!;
  const migrations = (await client.query<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name")).rows.map((r) => r.name);
  const jobQueue = (await client.query<{ id: number }>("SELECT max(id) AS id FROM graphile_worker.migrations")).rows[0]!.id;
  return {
    createdAt: new Date().toISOString(),
    postgresMajor: Math.floor(Number(version.n) / 10_000),
    postgresVersion: version.v,
    migrations,
    jobQueueMigration: jobQueue,
    secrets,
    tables: await backupTables(client),
  };
}

/** Writes to `out` (waiting when it is full), hashing everything written. */
function hashingSink(out: WriteStream) {
  const hash = createHash("sha256");
  return {
    async write(data: string | Buffer) {
      hash.update(data);
      if (!out.write(data)) await once(out, "drain");
    },
    digest: () => hash.digest("hex"),
  };
}

function countNewlines(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}
