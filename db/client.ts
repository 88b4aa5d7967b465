import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { prepareRepeated } from "./prepare-repeated";
import type { Database } from "./types";

export type Db = Kysely<Database>;

/**
 * How long a pool keeps an idle connection (pgbouncer's server_idle_timeout and HikariCP's idleTimeout default to the
 * same). A new connection costs about 40 ms of CPU (the backend's start, SCRAM on both sides, its catalog caches
 * filled again, its prepared statements lost) and the first request after a quiet spell waited for it: a GET took
 * 60 ms after 35 s of silence against 9 ms warm, when connections idled out after 30 s.
 */
export const IDLE_CONNECTION_MS = 10 * 60_000;

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
    idleTimeoutMillis: IDLE_CONNECTION_MS,
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
