import { type Kysely, sql } from "kysely";

// The audit log lists its entries newest first by the time they record, not by id (db/queries/audit-log.ts): an
// entry's time is its transaction's start, so a later id can carry an earlier time. One entity's entries in that
// order, as audit_log_created serves all of them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX audit_log_entity_created ON audit_log (entity, created_at DESC, id DESC);
    DROP INDEX audit_log_entity_newest;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX audit_log_entity_newest ON audit_log (entity, id DESC);
    DROP INDEX audit_log_entity_created;
  `.execute(db);
}
