import { type CompiledQuery, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll } from "vitest";
import type { Db } from "@/db/client";
import type { Database } from "@/db/types";
import { env } from "@/lib/core/env";

/** A second handle on this file's database that records every query it runs (closed after the file). */
export function recordingDb(): { db: Db; executed: CompiledQuery[] } {
  const executed: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  // As the app's pool (db/client.ts): the file's database is dropped at its end, and PostgreSQL then ends the
  // connections still open (57P01); an idle one's error, with no listener, would be an uncaught exception.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => void executed.push(event.query),
  });
  afterAll(() => db.destroy());
  return { db, executed };
}
