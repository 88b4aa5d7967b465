import { CompiledQuery, type RawBuilder } from "kysely";
import type { Db } from "./client";

// kysely builds a statement's SQL from its template on every call: for the transaction view, about 90 µs of CPU,
// more than PostgreSQL takes to run it once prepared. A statement whose text does not depend on its values is
// compiled once, with placeholders where its values go, and then run with each call's values in their places.
const placeholder = (i: number) => `\u0000value ${i}\u0000`;

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
  /** For each parameter, the index of the value it takes, or -1 for a constant of the statement's own. */
  slots: number[];
}

function compile(count: number, build: (placeholders: string[]) => { sql: string; parameters: readonly unknown[] }): Compiled {
  const placeholders = Array.from({ length: count }, (_, i) => placeholder(i));
  const { sql, parameters } = build(placeholders);
  return { sql, parameters, slots: parameters.map((p) => placeholders.indexOf(p as string)) };
}

async function run<Row>(db: Db, { sql, parameters, slots }: Compiled, values: readonly unknown[]): Promise<Row[]> {
  const filled = parameters.map((p, i) => (slots[i]! >= 0 ? values[slots[i]!] : p));
  return (await db.executeQuery<Row>(CompiledQuery.raw(sql, filled))).rows;
}

/**
 * `build`'s statement, compiled on its first call; `build` may use its arguments only as values (`${arg}` in the
 * template), never to choose the SQL: a statement with variants is one compiledOnce per variant, or compiledPerShape.
 */
export function compiledOnce<Args extends string[], Row>(build: (...args: Args) => RawBuilder<Row>) {
  return builtOnce<Args, Row>((db, ...args) => ({ compile: () => build(...args).compile(db) }));
}

/** compiledOnce for a statement written with kysely's query builder, which starts from the Db it is given. */
export function builtOnce<Args extends string[], Row>(build: (db: Db, ...args: Args) => { compile(): CompiledQuery<Row> }) {
  let compiled: Compiled | undefined;
  return (db: Db, ...args: Args): Promise<Row[]> => {
    compiled ??= compile(args.length, (placeholders) => build(db, ...(placeholders as Args)).compile());
    return run<Row>(db, compiled, args);
  };
}

/** Shapes remembered per statement: a caller's few fixed column sets, with room to spare; past it, compiled each call. */
const MAX_SHAPES = 32;

/**
 * A statement whose SQL depends on the shape of its values (which columns an INSERT names, which optional parts it
 * has), compiled once per shape: `shape` must name everything that changes the SQL, and `build` must put the
 * placeholder it is given for each of `values` where that value goes (as a value, never to choose the SQL).
 */
export function compiledPerShape<Row>() {
  const shapes = new Map<string, Compiled>();
  return (db: Db, shape: string, values: readonly unknown[], build: (placeholders: string[]) => { compile(): CompiledQuery<Row> }): Promise<Row[]> => {
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(values.length, (placeholders) => build(placeholders).compile());
      if (shapes.size < MAX_SHAPES) shapes.set(shape, compiled);
    }
    return run<Row>(db, compiled, values);
  };
}
