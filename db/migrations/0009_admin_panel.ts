import { type Kysely, sql } from "kysely";

// The admin panel: currencies can be disabled; gateway credentials are kept encrypted (lib/core/crypto) with the last
// four characters of each for display; gateway icons can be uploaded; a webhook key rotation keeps the old key
// signing beside the new one until a set time; every change made from the panel is written to the audit log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE currencies ADD COLUMN enabled boolean NOT NULL DEFAULT true;

    ALTER TABLE gateway_settings
      ADD COLUMN credentials bytea,
      ADD COLUMN credentials_hint jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN icon bytea,
      ADD COLUMN icon_content_type text;

    ALTER TABLE settings
      ADD COLUMN webhook_hmac_previous_key text,
      ADD COLUMN webhook_hmac_previous_until timestamptz;

    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_user_id bigint REFERENCES admin_users (id),
      actor text NOT NULL,
      action text NOT NULL,
      entity text NOT NULL,
      entity_id text,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_created ON audit_log (created_at DESC, id DESC);
    CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE audit_log;
    ALTER TABLE settings DROP COLUMN webhook_hmac_previous_key, DROP COLUMN webhook_hmac_previous_until;
    ALTER TABLE gateway_settings DROP COLUMN credentials, DROP COLUMN credentials_hint, DROP COLUMN icon, DROP COLUMN icon_content_type;
    ALTER TABLE currencies DROP COLUMN enabled;
  `.execute(db);
}
