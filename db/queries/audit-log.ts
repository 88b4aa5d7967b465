import type { Db } from "../client";
import { type Insertable, sql } from "kysely";
import type { AuditLogTable } from "../types";

export function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>) {
  return db.insertInto("audit_log").values(entry).execute();
}

/**
 * Newest first by the time each entry records (its transaction's start, so an entry written late in a long
 * transaction can have a higher id than a newer one), `limit` entries after the keyset cursor: the id of the last
 * entry shown, whose time and id the next page continues from.
 */
export function listAuditEntries(db: Db, { before, limit, entity }: { before?: string; limit: number; entity?: string }) {
  let query = db.selectFrom("audit_log").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit);
  if (before) query = query.where(sql<boolean>`(created_at, id) < (SELECT c.created_at, c.id FROM audit_log c WHERE c.id = ${before})`);
  if (entity) query = query.where("entity", "=", entity);
  return query.execute();
}
