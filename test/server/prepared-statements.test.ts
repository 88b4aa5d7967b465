import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/db/client";
import { MAX_PREPARED, PREPARE_AFTER } from "@/db/prepare-repeated";
import { env } from "@/lib/core/env";
import { testContext } from "../support/test-context";

const ctx = testContext();
// One connection, so the statements read back are the ones this pool's connection prepared.
let db: Db;
afterEach(() => db?.destroy());
const open = (prepare = true) => (db = createDb(env.DATABASE_URL!, { max: 1, prepare }));
const prepared = async () =>
  (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements ORDER BY prepare_time`.execute(db)).rows.map((r) => r.statement);
const double = (n: number) => sql<{ n: number }>`SELECT ${n}::int + ${n}::int AS n`.execute(db).then((r) => r.rows[0]!.n);

describe("statements a connection runs repeatedly", () => {
  it("are prepared from their PREPARE_AFTER-th run on, and answer the same before and after", async () => {
    open();
    for (let i = 1; i < PREPARE_AFTER; i++) expect(await double(i)).toBe(i * 2);
    expect(await prepared()).toEqual([]);
    expect(await double(21)).toBe(42);
    expect(await prepared()).toEqual(["SELECT $1::int + $2::int AS n"]);
    expect(await double(50)).toBe(100);
    // pg_prepared_statements' own query, run as often, has no parameters: it stays unprepared, as BEGIN and COMMIT do.
    await db.transaction().execute(async (trx) => void (await sql`SELECT 1`.execute(trx)));
    expect(await prepared()).toHaveLength(1);
  });

  it("are not prepared past MAX_PREPARED on one connection, and the others still run", async () => {
    open();
    const tagged = (i: number) => sql<{ n: number }>`SELECT ${i}::int AS n, ${sql.raw(`'t${i}'`)} AS tag`.execute(db).then((r) => r.rows[0]!.n);
    for (let i = 0; i <= MAX_PREPARED; i++) for (let run = 0; run < PREPARE_AFTER; run++) expect(await tagged(i)).toBe(i);
    expect(await prepared()).toHaveLength(MAX_PREPARED);
    expect(await tagged(MAX_PREPARED)).toBe(MAX_PREPARED);
  });

  it("whose preparing run failed in an aborted transaction are prepared on a later run", async () => {
    open();
    for (let i = 1; i < PREPARE_AFTER; i++) await double(i);
    const failed = db.transaction().execute(async (trx) => {
      await sql`SELECT 1 / 0`.execute(trx).catch(() => undefined);
      await sql`SELECT ${1}::int + ${1}::int AS n`.execute(trx);
    });
    await expect(failed).rejects.toThrow(/current transaction is aborted/);
    expect(await prepared()).toEqual([]);
    expect(await double(4)).toBe(8);
    expect(await prepared()).toHaveLength(1);
  });

  it("are not prepared when their columns come from a * (count(*) is no such *), so a migration adding a column breaks none of them", async () => {
    open();
    await sql`CREATE TABLE prepared_shape (id int PRIMARY KEY, a text)`.execute(db);
    await sql`INSERT INTO prepared_shape VALUES (1, 'x')`.execute(db);
    const star = () => sql<{ a: string }>`SELECT * FROM prepared_shape WHERE id = ${1}`.execute(db).then((r) => r.rows[0]);
    const named = () => sql<{ a: string }>`SELECT a FROM prepared_shape WHERE id = ${1}`.execute(db).then((r) => r.rows[0]);
    const counted = () => sql<{ n: number }>`SELECT count(*)::int AS n FROM prepared_shape WHERE id = ${1}`.execute(db).then((r) => r.rows[0]);
    const returning = (a: string) => sql<{ a: string }>`UPDATE prepared_shape SET a = ${a} WHERE id = ${1} RETURNING prepared_shape.*`.execute(db).then((r) => r.rows[0]);
    for (let i = 0; i < PREPARE_AFTER + 1; i++) await Promise.all([star(), named(), counted(), returning("x")]);
    expect(await prepared()).toEqual(["SELECT a FROM prepared_shape WHERE id = $1", "SELECT count(*)::int AS n FROM prepared_shape WHERE id = $1"]);
    // Another process migrates while this one serves.
    await sql`ALTER TABLE prepared_shape ADD COLUMN b text DEFAULT 'new'`.execute(ctx.db);
    expect(await star()).toEqual({ id: 1, a: "x", b: "new" });
    expect(await named()).toEqual({ a: "x" });
    expect(await counted()).toEqual({ n: 1 });
    expect(await returning("y")).toEqual({ id: 1, a: "y", b: "new" });
  });

  it("are never prepared with PREPARED_STATEMENTS=off (behind a pooler that cannot keep them)", async () => {
    open(false);
    for (let i = 0; i < PREPARE_AFTER * 2; i++) expect(await double(i)).toBe(i * 2);
    expect(await prepared()).toEqual([]);
  });
});
