import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { compiledOnce } from "@/db/compiled-once";
import { testContext } from "../support/test-context";

const ctx = testContext();

describe("a statement compiled once", () => {
  it("runs each call with that call's values, in their places among the template's own", async () => {
    let builds = 0;
    const pair = compiledOnce((a: string, b: string) => {
      builds++;
      return sql<{ a: string; fixed: number; b: string }>`SELECT ${a}::text AS a, ${7}::int AS fixed, ${b}::text AS b`;
    });
    expect(await pair(ctx.db, "x", "y")).toEqual([{ a: "x", fixed: 7, b: "y" }]);
    expect(await pair(ctx.db, "second", "call")).toEqual([{ a: "second", fixed: 7, b: "call" }]);
    expect(builds).toBe(1);
  });

  it("runs inside a database transaction as on the pool", async () => {
    const echo = compiledOnce((v: string) => sql<{ v: string }>`SELECT ${v}::text AS v`);
    const inside = await ctx.db.transaction().execute((trx) => echo(trx, "in"));
    expect(inside).toEqual([{ v: "in" }]);
  });
});
