import type { Db } from "../client";
import type { Insertable } from "kysely";
import type { AuditLogTable } from "../types";

export function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>) {
  return db.insertInto("audit_log").values(entry).execute();
}

/** Newest first, `limit` entries after the keyset cursor (the id of the last entry shown). */
export function listAuditEntries(db: Db, { before, limit, entity }: { before?: string; limit: number; entity?: string }) {
  let query = db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit);
  if (before) query = query.where("id", "<", before);
  if (entity) query = query.where("entity", "=", entity);
  return query.execute();
}
