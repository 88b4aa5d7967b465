import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { BackupRefused } from "@/db/backup/backup-file";
import { restoreBackup } from "@/db/backup/restore-backup";
import { writeBackup } from "@/db/backup/write-backup";
import { env } from "@/lib/core/env";
import { DomainError } from "@/lib/core/errors";
import { openDatabase } from "@/server/open-database";
import { parseOptions } from "./usage-error";

/** A command that opens (or makes) the database its own way (it is not handed a migrated one). */
export interface DatabaseFreeCommand {
  usage: string;
  withoutDatabase: true;
  run(args: string[]): Promise<string[]>;
}

// The secrets DATA_DIR keeps when CREDENTIALS_KEY and NEXTAUTH_SECRET are not set: without the first, a restored
// database cannot read its gateways' credentials.
const SECRET_FILES = ["credentials-key", "auth-secret"];

const s = { type: "string" } as const;

export const backupCommand: DatabaseFreeCommand = {
  usage: "backup --to FILE",
  withoutDatabase: true,
  async run(args) {
    const o = parseOptions(args, { to: s }, ["to"]);
    const started = performance.now();
    const database = await openDatabase({ adoptOrphan: false });
    try {
      const secrets = Object.fromEntries(
        SECRET_FILES.map((name) => [name, path.resolve(env.DATA_DIR, name)] as const)
          .filter(([, file]) => existsSync(file))
          .map(([name, file]) => [name, readFileSync(file, "utf8").trim()]),
      );
      const done = await refusalsAsDomainErrors(writeBackup({ url: database.url, file: o.to!, secrets }));
      const rows = Object.values(done.rows).reduce((a, b) => a + b, 0);
      return [
        `Backed up ${rows} rows of ${done.header.tables.length} tables to ${o.to} (${(done.bytes / 1024 / 1024).toFixed(1)} MiB, ${((performance.now() - started) / 1000).toFixed(1)} s).`,
        `PostgreSQL ${done.header.postgresVersion}; migrations up to ${done.header.migrations.at(-1) ?? "none"}; job queue schema ${done.header.jobQueueMigration}.`,
        ...secretLines(Object.keys(secrets)),
      ];
    } finally {
      await database.close();
    }
  },
};

export const restoreCommand: DatabaseFreeCommand = {
  usage: "restore --from FILE [--data-dir DIR]   (DIR: DATA_DIR by default; it must be new or empty)",
  withoutDatabase: true,
  async run(args) {
    const o = parseOptions(args, { from: s, "data-dir": s }, ["from"]);
    const dataDir = path.resolve(o["data-dir"] ?? env.DATA_DIR);
    const done = await refusalsAsDomainErrors(restoreBackup({ file: o.from!, dataDir, port: env.EMBEDDED_PG_PORT }));
    return [
      `Restored ${done.rows} rows of ${done.header.tables.length} tables into ${dataDir}, as they were at ${done.header.createdAt}.`,
      `Start the service on it: DATA_DIR=${dataDir} npm start (it applies the migrations after ${done.header.migrations.at(-1) ?? "none"}).`,
    ];
  },
};

function secretLines(included: string[]): string[] {
  const lines = [`Secrets included: ${included.join(", ") || "none"}. The file is as sensitive as the database (written with mode 0600).`];
  if (env.CREDENTIALS_KEY) lines.push("CREDENTIALS_KEY is set in the environment: it is not in the backup. Keep it with the backup yourself.");
  return lines;
}

/** A refused backup or restore is an answer for the operator (exit 1, the message), not a crash. */
function refusalsAsDomainErrors<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw error instanceof BackupRefused ? new DomainError(error.message) : error;
  });
}
