import { type Kysely, sql } from "kysely";

// Public keys (pk_…) for the embedded checkout: a key kind of its own, accepted only by the SDK endpoints and only
// from the merchant origins it lists. Existing keys are private. The origins are stored normalised (scheme, host,
// port as URL.origin writes them), so a request's Origin is compared as an exact string. The kind and origins join
// the columns whose change empties the processes' config cache (migration 0012 left last_used_at out on purpose).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE api_keys
      ADD COLUMN kind text NOT NULL DEFAULT 'private' CHECK (kind IN ('private', 'public')),
      ADD COLUMN allowed_origins text[] NOT NULL DEFAULT '{}',
      ADD CONSTRAINT api_keys_origins_of_public_keys CHECK (
        CASE kind WHEN 'public' THEN cardinality(allowed_origins) BETWEEN 1 AND 20 ELSE cardinality(allowed_origins) = 0 END
      );
    DROP TRIGGER api_keys_changed ON api_keys;
    CREATE TRIGGER api_keys_changed
      AFTER INSERT OR DELETE OR TRUNCATE
        OR UPDATE OF name, prefix, key_hash, created_at, expires_at, revoked_at, kind, allowed_origins ON api_keys
      FOR EACH STATEMENT EXECUTE FUNCTION notify_config_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER api_keys_changed ON api_keys;
    CREATE TRIGGER api_keys_changed
      AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, prefix, key_hash, created_at, expires_at, revoked_at ON api_keys
      FOR EACH STATEMENT EXECUTE FUNCTION notify_config_changed();
    DELETE FROM api_keys WHERE kind = 'public';
    ALTER TABLE api_keys DROP CONSTRAINT api_keys_origins_of_public_keys, DROP COLUMN allowed_origins, DROP COLUMN kind;
  `.execute(db);
}
