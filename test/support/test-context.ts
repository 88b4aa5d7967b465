import { afterAll } from "vitest";
import { createDb } from "@/db/client";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";

/** A context on this test file's own database, preparing statements as the app does; its pool closes after the file. */
export function testContext(): Ctx {
  const db = createDb(env.DATABASE_URL!, { max: 5, prepare: env.PREPARED_STATEMENTS });
  afterAll(() => db.destroy());
  return { db };
}
