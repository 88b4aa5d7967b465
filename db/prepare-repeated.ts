import type pg from "pg";

// PostgreSQL plans an unnamed statement again on every run: the transaction view takes longer to plan (≈0.3 ms)
// than to run (≈0.2 ms). As PgJDBC does (its prepareThreshold), a connection prepares a statement under a name of
// its own once it has run that text PREPARE_AFTER times, and later runs reuse the plan. Only statements with
// parameters: BEGIN and COMMIT stay on the one-message simple protocol. At most MAX_PREPARED per connection, so a
// stream of distinct texts (a panel's filters) cannot fill the server's memory; an idle connection is closed after
// 10 minutes (db/client.ts) and takes its statements with it. Never a statement whose columns come from a `*`
// (`select *`, `returning *`, `d.*`): a migration adding a column while the previous release still serves (a rolling
// upgrade, docs/deployment.md) would change its rows' shape, which PostgreSQL refuses for a prepared statement
// ("cached plan must not change result type"); named columns, and to_jsonb(row), keep theirs.
export const PREPARE_AFTER = 3;
export const MAX_PREPARED = 200;
const MAX_COUNTED = 2_000;
/** A `*` standing for columns (or any other lone `*`: such a statement is simply left unprepared). */
const STAR = /(^|[\s,(])("?\w+"?\.)?\*($|[\s,)])/;
/** `count(*)`: a `*` that stands for no columns, taken out before STAR looks. */
const COUNT_STAR = /\(\s*\*\s*\)/g;

type Query = (...args: unknown[]) => unknown;

/** Makes `client` prepare the statements it runs repeatedly (kysely calls `query(text, values)`). */
export function prepareRepeated(client: pg.PoolClient): void {
  const runs = new Map<string, number>();
  const names = new Map<string, string>();
  // Texts found to hold a `*` as they reached PREPARE_AFTER: not searched again on every run.
  const refused = new Set<string>();
  const query = client.query.bind(client) as Query;
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= MAX_PREPARED || refused.has(text)) return known;
    const count = (runs.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER) {
      if (runs.size >= MAX_COUNTED) runs.clear();
      runs.set(text, count);
      return undefined;
    }
    runs.delete(text);
    if (STAR.test(text.replace(COUNT_STAR, "()"))) {
      if (refused.size >= MAX_COUNTED) refused.clear();
      refused.add(text);
      return undefined;
    }
    const name = `p${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  (client as unknown as { query: Query }).query = (...args) => {
    const [text, values, callback] = args;
    const name = typeof text === "string" && Array.isArray(values) && values.length > 0 && callback === undefined ? nameOf(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}
