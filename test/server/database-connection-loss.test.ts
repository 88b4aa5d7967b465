import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "@/db/client";
import { env } from "@/lib/core/env";
import { testContext } from "../support/test-context";

const ctx = testContext();

describe("a database connection lost while in use", () => {
  it("fails the work on it, not the process, and the pool goes on with a fresh connection", async () => {
    const db = createDb(env.DATABASE_URL!, { max: 1 });
    try {
      const work = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        // Between two statements of the transaction, the server ends this connection (a restart would do the same).
        await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(ctx.db);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`SELECT 1`.execute(trx);
      });
      await expect(work).rejects.toThrow();
      // An 'error' event without a listener would have ended this process before getting here.
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
    }
  });
});
