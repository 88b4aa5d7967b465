import { afterAll } from "vitest";
import { createDb } from "@/db/client";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";

/** A context on this test file's own database; its pool closes after the file. */
export function testContext(): Ctx {
  const db = createDb(env.DATABASE_URL!, { max: 5 });
  afterAll(() => db.destroy());
  return { db };
}
