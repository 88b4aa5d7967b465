import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./types";

export type Db = Kysely<Database>;

export function createDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: "checkout-service",
  });
  // An idle client losing its connection must not crash the process; the next query reports it instead.
  pool.on("error", () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
