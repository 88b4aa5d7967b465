import { afterAll } from "vitest";
import type { Db } from "@/db/client";
import { stopConfigCache } from "@/lib/core/cache/config-cache";
import { env, parseEnv } from "@/lib/core/env";
import { stopAnswerNotices } from "@/lib/checkout/payments/webhook-answer-notices";

// The "shared" project's files run in one module graph per worker (isolate: false in vitest.config.mts): the app
// is imported once per worker, not once per file. Before each file (after fresh-database.ts made its database),
// what an earlier file left in the process is undone, so that the file starts as it would in a new process.

type Holder = {
  __checkoutDb?: Db;
  __gatewayCircuits?: unknown;
  __checkoutMetrics?: unknown;
  __checkoutApiKeyUse?: unknown;
  __checkoutFirstEnv?: NodeJS.ProcessEnv;
};
const holder = globalThis as unknown as Holder;

/** The app's pool and listening connections closed: before the next file, and before this file's database is dropped. */
async function letGoOfDatabase(): Promise<void> {
  const db = holder.__checkoutDb;
  holder.__checkoutDb = undefined;
  await Promise.all([db?.destroy(), stopConfigCache(), stopAnswerNotices()]);
}

const databaseUrl = process.env.DATABASE_URL!;
await letGoOfDatabase();
// The environment as the worker's first file found it, with this file's database; `env` parsed from it again.
const first = (holder.__checkoutFirstEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in first)) delete process.env[key];
Object.assign(process.env, first, { DATABASE_URL: databaseUrl });
Object.assign(env, parseEnv(process.env));
holder.__gatewayCircuits = undefined;
holder.__checkoutMetrics = undefined;
holder.__checkoutApiKeyUse = undefined;

// Registered after fresh-database.ts's: runs before it drops the database.
afterAll(letGoOfDatabase);
