import { sql } from "kysely";
import { env } from "@/lib/core/env";
import { createDb, type Db } from "@/db/client";
import { startEmbeddedPostgres } from "@/db/embedded-postgres";
import { logger } from "@/lib/core/log/logger";

export interface OpenDatabase {
  db: Db;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

export class DatabaseUnreachable extends Error {}

// DATABASE_URL when it is set; otherwise the embedded PostgreSQL under DATA_DIR.
export async function openDatabase(options: { adoptOrphan: boolean }): Promise<OpenDatabase> {
  const embedded = env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dataDir: env.DATA_DIR,
        port: env.EMBEDDED_PG_PORT,
        database: "checkout",
        adoptOrphan: options.adoptOrphan,
        log: logger,
      });
  const url = env.DATABASE_URL ?? embedded!.url;
  const db = createDb(url, { max: 5 });
  try {
    await sql`SELECT 1`.execute(db);
  } catch (error) {
    await db.destroy();
    await embedded?.stop();
    throw new DatabaseUnreachable(`Cannot reach the database at ${describe(url)}: ${reason(error)}. Check DATABASE_URL.`);
  }
  return {
    db,
    url,
    embedded: embedded !== null,
    close: async () => {
      await db.destroy();
      await embedded?.stop();
    },
  };
}

/** host:port/database, never the credentials. */
export function describe(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "an unparsable DATABASE_URL";
  }
}

function reason(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message?.split("\n")[0] ?? "unknown error";
}
