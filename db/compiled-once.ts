import { CompiledQuery, type RawBuilder } from "kysely";
import type { Db } from "./client";

// kysely builds a statement's SQL from its template on every call: for the transaction view, about 90 µs of CPU,
// more than PostgreSQL takes to run it once prepared. A statement whose text does not depend on its values is
// compiled once, with placeholders where its values go, and then run with each call's values in their places.
const placeholder = (i: number) => `\u0000value ${i}\u0000`;

/**
 * `build`'s statement, compiled on its first call; `build` may use its arguments only as values (`${arg}` in the
 * template), never to choose the SQL: a statement with variants is one compiledOnce per variant.
 */
export function compiledOnce<Args extends string[], Row>(build: (...args: Args) => RawBuilder<Row>) {
  let compiled: { sql: string; parameters: readonly unknown[]; slots: number[] } | undefined;
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    if (!compiled) {
      const placeholders = args.map((_, i) => placeholder(i));
      const { sql, parameters } = build(...(placeholders as Args)).compile(db);
      compiled = { sql, parameters, slots: parameters.map((p) => placeholders.indexOf(p as string)) };
    }
    const { sql, parameters, slots } = compiled;
    const values = parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
    return (await db.executeQuery<Row>(CompiledQuery.raw(sql, values))).rows;
  };
}
