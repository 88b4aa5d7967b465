import { sql } from "kysely";
import type { Db } from "../client";

export interface BulkLine {
  session_id: string;
  pg_codes: string[];
}

/**
 * The transactions an uploader's bulk already created, by CSV line (deleted ones too: the line was created once),
 * under any of `bulkIds`, created by `uploaderId` only: another uploader's rows are never found here. Served by
 * the unique index transactions_legacy_bulk_line (migration 0018).
 */
export async function findBulkLines(db: Db, bulkIds: string[], uploaderId: string): Promise<Map<number, BulkLine>> {
  const rows = await db
    .selectFrom("transactions")
    .select(["session_id", "pg_codes", sql<string>`legacy->>'bulk_line'`.as("line")])
    .where("interface", "=", "legacy")
    .where(sql<boolean>`legacy ? 'bulk_line'`)
    .where(sql`legacy->>'bulk_id'`, "in", bulkIds)
    .where("created_by_user_id", "=", uploaderId)
    .execute();
  return new Map(rows.map((r) => [Number(r.line), { session_id: r.session_id, pg_codes: r.pg_codes }]));
}
