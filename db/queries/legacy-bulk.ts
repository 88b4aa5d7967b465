import { sql } from "kysely";
import type { Db } from "../client";

/**
 * The transactions a bulk upload already created, by CSV line (deleted ones too: the line was created once).
 * Served by the unique index transactions_legacy_bulk_line (migration 0018).
 */
export async function findBulkLines(db: Db, bulkId: string): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("transactions")
    .select(["session_id", sql<string>`legacy->>'bulk_line'`.as("line")])
    .where("interface", "=", "legacy")
    .where(sql<boolean>`legacy ? 'bulk_line'`)
    .where(sql`legacy->>'bulk_id'`, "=", bulkId)
    .execute();
  return new Map(rows.map((r) => [Number(r.line), r.session_id]));
}
