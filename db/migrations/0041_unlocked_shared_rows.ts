import { type Kysely, sql } from "kysely";

// Every create named its currency's row and its API key's row through a foreign key, and every API operation its
// key's row: PostgreSQL checks such a key by locking the parent row (FOR KEY SHARE), so all of a merchant's
// concurrent creates and refunds locked the same two rows, each lock a write (a multixact once two requests held
// it together): 2.6 of a create's 17.7 WAL records at 50 connections (docs/performance.md, stop 63). The service
// never deletes those rows (a currency is disabled, a key revoked), so the keys go, and a trigger on each parent
// refuses what the foreign key refused: deleting (or renumbering) a row still named. A create checks its currency
// against the configuration before it inserts, and its key is the one that authenticated it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE transactions
      DROP CONSTRAINT transactions_currency_code_fkey,
      DROP CONSTRAINT transactions_created_by_api_key_id_fkey;
    ALTER TABLE operations DROP CONSTRAINT operations_requested_by_api_key_id_fkey;

    -- Arguments: the parent's key column, then each child column that names it ('table.column').
    CREATE FUNCTION refuse_change_of_named_row() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      old_key text := to_jsonb(OLD) ->> TG_ARGV[0];
      child text;
      named boolean;
    BEGIN
      IF TG_OP = 'UPDATE' AND to_jsonb(NEW) ->> TG_ARGV[0] = old_key THEN RETURN NEW; END IF;
      FOREACH child IN ARRAY TG_ARGV[1:] LOOP
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I::text = $1)', split_part(child, '.', 1), split_part(child, '.', 2))
          INTO named USING old_key;
        IF named THEN
          RAISE EXCEPTION '% % is still named by %', TG_TABLE_NAME, old_key, child USING ERRCODE = 'foreign_key_violation';
        END IF;
      END LOOP;
      RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
    END $$;
    CREATE TRIGGER currencies_still_named BEFORE DELETE OR UPDATE OF code ON currencies
      FOR EACH ROW EXECUTE FUNCTION refuse_change_of_named_row('code', 'transactions.currency_code');
    CREATE TRIGGER api_keys_still_named BEFORE DELETE OR UPDATE OF id ON api_keys
      FOR EACH ROW EXECUTE FUNCTION refuse_change_of_named_row('id', 'transactions.created_by_api_key_id', 'operations.requested_by_api_key_id');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER api_keys_still_named ON api_keys;
    DROP TRIGGER currencies_still_named ON currencies;
    DROP FUNCTION refuse_change_of_named_row();
    ALTER TABLE operations
      ADD CONSTRAINT operations_requested_by_api_key_id_fkey FOREIGN KEY (requested_by_api_key_id) REFERENCES api_keys(id);
    ALTER TABLE transactions
      ADD CONSTRAINT transactions_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES currencies(code),
      ADD CONSTRAINT transactions_created_by_api_key_id_fkey FOREIGN KEY (created_by_api_key_id) REFERENCES api_keys(id);
  `.execute(db);
}
