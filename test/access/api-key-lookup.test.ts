import { type CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "@/lib/access/auth/authenticate";
import { createKey } from "../support/factories";
import { queryPlan } from "../support/query-plan";
import { recordingDb } from "../support/recording-db";
import { testContext } from "../support/test-context";

const ctx = testContext();

const { db: recording, executed } = recordingDb();

async function lookupQueries(key: string): Promise<CompiledQuery[]> {
  executed.length = 0;
  const caller = await authenticate({ ctx: { db: recording }, input: { authorization: `Api-Key ${key}`, ip: "127.0.0.1" } });
  expect(caller).toMatchObject({ kind: "api_key", name: "the-one" });
  // The key's use is noted apart, in the background and at most once a minute (test/access/api-key-last-used.test.ts).
  return executed.filter((query) => !query.sql.startsWith('update "api_keys" set "last_used_at"'));
}

describe("API key authentication", () => {
  let key: string;

  beforeAll(async () => {
    // Enough keys that a sequential scan would be the planner's worse choice, with statistics to know it.
    for (let batch = 0; batch < 10; batch++) await Promise.all(Array.from({ length: 50 }, () => createKey(ctx)));
    key = (await createKey(ctx, { name: "the-one" })).key;
    await sql`ANALYZE api_keys`.execute(ctx.db);
  });

  it("finds the key with one query by its hash", async () => {
    const queries = await lookupQueries(key);
    expect(queries).toHaveLength(1);
    expect(queries[0]!.sql).toMatch(/from "api_keys" where "key_hash" = \$1$/);
  });

  it("and that query is an index scan on the unique key_hash index", async () => {
    const [lookup] = await lookupQueries(key);
    const text = await queryPlan(ctx.db, lookup!);
    expect(text).toMatch(/Index Scan using api_keys_key_hash_key on api_keys/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it("has a unique index over key_hash to scan", async () => {
    const { rows } = await sql<{ indexdef: string }>`
      SELECT indexdef FROM pg_indexes WHERE tablename = 'api_keys' AND indexname = 'api_keys_key_hash_key'
    `.execute(ctx.db);
    expect(rows.map((r) => r.indexdef)).toEqual([expect.stringMatching(/^CREATE UNIQUE INDEX .* \(key_hash\)$/)]);
  });
});
