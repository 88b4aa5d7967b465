import { type Kysely, sql } from "kysely";

// The people screens: an API key's use is noted (last_used_at, at most once a minute) without announcing a
// configuration change, which would empty every process's config cache each time; the audit log is read newest
// first within one entity.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER api_keys_changed ON api_keys;
    CREATE TRIGGER api_keys_changed
      AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, prefix, key_hash, created_at, expires_at, revoked_at ON api_keys
      FOR EACH STATEMENT EXECUTE FUNCTION notify_config_changed();

    CREATE INDEX audit_log_entity_newest ON audit_log (entity, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX audit_log_entity_newest;
    DROP TRIGGER api_keys_changed ON api_keys;
    CREATE TRIGGER api_keys_changed
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON api_keys
      FOR EACH STATEMENT EXECUTE FUNCTION notify_config_changed();
  `.execute(db);
}
