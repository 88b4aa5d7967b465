import type pg from "pg";
import type { SequenceValues } from "./backup-file";

// The app's schema and the job queue's. Their migration records are not data: the restore's own migrations write them.
const SCHEMAS = ["public", "graphile_worker"];
const NOT_DATA = ["public.kysely_migration", "public.kysely_migration_lock", "graphile_worker.migrations"];

/** Every table's quoted name and the columns a COPY writes (generated columns are computed again on the way in). */
export async function backupTables(client: pg.Client): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind = 'r' AND n.nspname = ANY($1) AND format('%I.%I', n.nspname, c.relname) <> ALL($2)
      GROUP BY n.nspname, c.relname
      ORDER BY n.nspname, c.relname`,
    [SCHEMAS, NOT_DATA],
  );
  return rows;
}

/** Every sequence's [last_value, is_called], so that ids go on where they were. */
export async function backupSequences(client: pg.Client): Promise<SequenceValues> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname = ANY($1) ORDER BY 1`,
    [SCHEMAS],
  );
  const values: SequenceValues = {};
  for (const { name } of rows) {
    const { rows: found } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM ${name}`);
    values[name] = [found[0]!.last_value, found[0]!.is_called];
  }
  return values;
}
