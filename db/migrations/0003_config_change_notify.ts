import { type Kysely, sql } from "kysely";

// Processes cache settings, currencies, gateways and API keys; a change to any of them is announced on a channel
// (delivered when its transaction commits) so every process drops its copies at once, whoever made the change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('checkout_config_changed', TG_TABLE_NAME);
      RETURN NULL;
    END $$;
  `.execute(db);
  for (const table of TABLES) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_changed`)}
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION notify_config_changed()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql`DROP TRIGGER ${sql.raw(`${table}_changed`)} ON ${sql.table(table)}`.execute(db);
  await sql`DROP FUNCTION notify_config_changed()`.execute(db);
}

const TABLES = ["settings", "currencies", "gateway_settings", "api_keys"];
