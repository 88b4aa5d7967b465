import type pg from "pg";

/** Each table of the app's schema: its row count and a digest of its rows. */
export type Snapshot = Map<string, string>;

// The job engine's own tables (graphile_worker schema) move on their own (maintenance every few seconds), and so
// does job_pool_heartbeats (each worker pool's liveness, written on a timer); any work a hostile message caused
// shows in ours: a delivery, an event, an attempt or a message row.
const TABLES = `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely%'
  AND tablename <> 'job_pool_heartbeats' ORDER BY tablename`;

export async function snapshotTables(client: pg.Client): Promise<Snapshot> {
  const { rows: tables } = await client.query<{ tablename: string }>(TABLES);
  const digests = tables.map(({ tablename }) => {
    const table = `"${tablename.replace(/"/g, '""')}"`;
    return `SELECT '${tablename}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS digest FROM ${table} t`;
  });
  const { rows } = await client.query<{ name: string; digest: string }>(digests.join(" UNION ALL "));
  return new Map(rows.map((r) => [r.name, r.digest]));
}

/** The tables whose rows differ between two snapshots. */
export const changedTables = (before: Snapshot, after: Snapshot): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name)).sort();

/**
 * A snapshot once the app is at rest: taken until two in a row, `gapMs` apart, agree (a gateway's callback or a
 * webhook delivery from the step before may still be landing). Gives up after `limitMs` with the last one.
 */
export async function settledSnapshot(client: pg.Client, gapMs = 400, limitMs = 15_000): Promise<Snapshot> {
  const deadline = Date.now() + limitMs;
  let last = await snapshotTables(client);
  for (;;) {
    await new Promise((r) => setTimeout(r, gapMs));
    const next = await snapshotTables(client);
    if (changedTables(last, next).length === 0 || Date.now() > deadline) return next;
    last = next;
  }
}
