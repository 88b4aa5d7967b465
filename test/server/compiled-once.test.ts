import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { builtOnce, compiledOnce, compiledPerShape } from "@/db/compiled-once";
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

describe("a query builder's statement built once", () => {
  it("is built on the first call only, and every call runs with its own values, on the pool or in a transaction", async () => {
    let builds = 0;
    const pair = builtOnce((db, a: string, b: string) => {
      builds++;
      return db.selectNoFrom((eb) => [eb.val(a).as("a"), eb.val(7).as("fixed"), eb.val(b).as("b")]);
    });
    expect(await pair(ctx.db, "x", "y")).toEqual([{ a: "x", fixed: "7", b: "y" }]);
    expect(await pair(ctx.db, "second", "call")).toEqual([{ a: "second", fixed: "7", b: "call" }]);
    expect(await ctx.db.transaction().execute((trx) => pair(trx, "in", "trx"))).toEqual([{ a: "in", fixed: "7", b: "trx" }]);
    expect(builds).toBe(1);
  });
});

describe("a statement compiled once per shape", () => {
  it("compiles each shape once, runs every call with its own values of any type, and keeps the shapes apart", async () => {
    const shapes: string[] = [];
    const statement = compiledPerShape<Record<string, unknown>>();
    const select = (columns: Record<string, unknown>) => {
      const names = Object.keys(columns);
      return statement(ctx.db, names.join(), Object.values(columns), (placeholders) => {
        shapes.push(names.join());
        return ctx.db.selectNoFrom(names.map((name, i) => sql`${placeholders[i]}::text`.as(name)));
      });
    };
    expect(await select({ a: "x", n: 5 })).toEqual([{ a: "x", n: "5" }]);
    expect(await select({ a: "y", n: null })).toEqual([{ a: "y", n: null }]);
    expect(await select({ b: ["p", "q"] })).toEqual([{ b: '{"p","q"}' }]);
    expect(await select({ a: "z", n: 6 })).toEqual([{ a: "z", n: "6" }]);
    expect(shapes).toEqual(["a,n", "b"]);
  });
});
