import type pg from "pg";

export interface StatementCount {
  requests: number;
  perRequest: number;
  statements: { query: string; calls: number }[];
}

/**
 * Counts the SQL statements `request` makes, averaged over `times` sequential calls, with pg_stat_statements
 * (preloaded by the bench, tracking off until now). node-pg sends one statement per round trip (parse, bind and
 * execute go out together, and BEGIN/COMMIT are statements too), so statements per request = round trips per request.
 * `client` is a superuser connection to the app's database; its own statements name pg_stat_statements and are left out.
 */
export async function countStatements(client: pg.Client, request: () => Promise<void>, times: number): Promise<StatementCount> {
  await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
  await setTracking(client, "top");
  try {
    await client.query("SELECT pg_stat_statements_reset()");
    for (let i = 0; i < times; i++) await request();
    const { rows } = await client.query<{ query: string; calls: string }>(
      `SELECT query, calls FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT ILIKE '%pg_stat_statements%'
       ORDER BY calls DESC`,
    );
    const statements = rows.map((r) => ({ query: r.query.replace(/\s+/g, " ").trim(), calls: Number(r.calls) }));
    return { requests: times, perRequest: statements.reduce((sum, s) => sum + s.calls, 0) / times, statements };
  } finally {
    await setTracking(client, "none");
  }
}

// A reload reaches every backend before it runs its next statement; the pause lets the postmaster pass it on.
async function setTracking(client: pg.Client, track: "top" | "none"): Promise<void> {
  await client.query(`ALTER SYSTEM SET pg_stat_statements.track = '${track}'`);
  await client.query("SELECT pg_reload_conf()");
  await new Promise((r) => setTimeout(r, 500));
}
