import "server-only";
import { createDb, type Db } from "@/db/client";
import { env } from "@/lib/core/env";
import { watchPool } from "@/lib/core/metrics/metrics";
import { addDatabaseTime } from "@/lib/core/timing/request-timing";

/** What every domain verb receives besides its input. */
export interface Ctx {
  db: Db;
}

const holder = globalThis as unknown as { __checkoutDb?: Db };

/** The app's context: one pool per process (kept across dev reloads). */
export function appContext(): Ctx {
  if (!holder.__checkoutDb) {
    if (!env.DATABASE_URL) {
      throw new Error("DATABASE_URL is not set: start the app with `npm start` (it starts the embedded database).");
    }
    holder.__checkoutDb = createDb(env.DATABASE_URL, {
      max: 20,
      onPool: (pool) => watchPool("app", pool),
      onQuery: addDatabaseTime,
      prepare: env.PREPARED_STATEMENTS,
    });
  }
  return { db: holder.__checkoutDb };
}
