import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { prepareRepeated } from "./prepare-repeated";
import type { Database } from "./types";

export type Db = Kysely<Database>;

export interface DbOptions {
  max?: number;
  connectionTimeoutMs?: number;
  /** The server cancels a statement running longer (a scrape's queries: a slow database never hangs them). */
  statementTimeoutMs?: number;
  /** Given the pool, to watch its connections (lib/core/metrics). */
  onPool?: (pool: pg.Pool) => void;
  /** Given each statement's duration, ms (a request's database time: lib/core/timing). */
  onQuery?: (ms: number) => void;
  /** Each connection prepares the statements it runs repeatedly (db/prepare-repeated.ts). */
  prepare?: boolean;
}

export function createDb(connectionString: string, options: DbOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    statement_timeout: options.statementTimeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: "checkout-service",
  });
  // A client losing its connection (server restart, admin termination) must not crash the process: the pool
  // reports idle ones here; a client in use between two queries (inside a transaction) has no listener of the
  // pool's, so it gets its own. Its next query fails instead, and the pool discards it on release.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
    if (options.prepare) prepareRepeated(client);
  });
  options.onPool?.(pool);
  const onQuery = options.onQuery;
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: onQuery && ((event) => onQuery(event.queryDurationMillis)),
  });
}
