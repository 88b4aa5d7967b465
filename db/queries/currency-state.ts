import { sql } from "kysely";
import type { Db } from "../client";

export interface CurrencyStateChange {
  was_enabled: boolean;
  /** Enabled gateway settings that take the currency: a disable is refused while there are any. */
  blockers: string[];
}

/**
 * Enables or disables a currency in one statement, unless (when disabling) an enabled gateway setting takes it;
 * undefined when no such currency is configured.
 */
export async function changeCurrencyState(db: Db, code: string, enabled: boolean): Promise<CurrencyStateChange | undefined> {
  const { rows } = await sql<CurrencyStateChange>`
    WITH current AS (SELECT code, enabled FROM currencies WHERE code = ${code} FOR UPDATE),
    blockers AS (
      SELECT coalesce(array_agg(g.code ORDER BY g.code), '{}') AS codes
      FROM gateway_settings g
      WHERE NOT ${enabled}::boolean AND g.enabled AND ${code}::text = ANY (g.currencies)
    ),
    changed AS (
      UPDATE currencies c SET enabled = ${enabled}::boolean
      FROM current, blockers
      WHERE c.code = current.code AND cardinality(blockers.codes) = 0
    )
    SELECT current.enabled AS was_enabled, blockers.codes AS blockers FROM current, blockers
  `.execute(db);
  return rows[0];
}
