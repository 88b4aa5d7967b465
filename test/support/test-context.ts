import { afterAll } from "vitest";
import { createDb } from "@/db/client";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";

/**
 * A context on this test file's own database, preparing statements as the app does; its pool closes after the file.
 * It waits longer for a new connection than the app (5 s): on a loaded CI host PostgreSQL's start of a backend took
 * longer, and what a test sets up is not what it tests.
 */
export function testContext(): Ctx {
  const db = createDb(env.DATABASE_URL!, { max: 5, prepare: env.PREPARED_STATEMENTS, connectionTimeoutMs: 30_000 });
  afterAll(() => db.destroy());
  return { db };
}
