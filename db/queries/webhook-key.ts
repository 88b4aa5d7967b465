import { sql } from "kysely";
import type { Db } from "../client";

export interface ReplacedWebhookKey {
  /** Whether a key was set before this one. */
  replaced: boolean;
  previous_rotated_at: Date | null;
  rotated_at: Date;
  /** Until when the replaced key still signs (null: it stopped at once). */
  previous_until: Date | null;
}

/**
 * Sets a new webhook key in one statement; with a grace period the key it replaces keeps signing beside it
 * until then (a single previous key: a rotation during another one's grace period drops the oldest key).
 */
export async function replaceWebhookKey(db: Db, key: string, graceSeconds: number): Promise<ReplacedWebhookKey> {
  const { rows } = await sql<ReplacedWebhookKey>`
    WITH old AS (SELECT webhook_hmac_key, webhook_hmac_key_rotated_at FROM settings WHERE id = 1 FOR UPDATE)
    UPDATE settings AS s SET
      webhook_hmac_previous_key = CASE WHEN ${graceSeconds}::int > 0 THEN old.webhook_hmac_key END,
      webhook_hmac_previous_until = CASE WHEN ${graceSeconds}::int > 0 AND old.webhook_hmac_key IS NOT NULL
        THEN now() + make_interval(secs => ${graceSeconds}::int) END,
      webhook_hmac_key = ${key},
      webhook_hmac_key_rotated_at = now(),
      updated_at = now()
    FROM old
    WHERE s.id = 1
    RETURNING old.webhook_hmac_key IS NOT NULL AS replaced, old.webhook_hmac_key_rotated_at AS previous_rotated_at,
      s.webhook_hmac_key_rotated_at AS rotated_at, s.webhook_hmac_previous_until AS previous_until
  `.execute(db);
  return rows[0]!;
}

/** The current webhook key itself: for the settings page's reveal, after the user typed their password again. */
export async function readWebhookKey(db: Db): Promise<string | null> {
  const row = await db.selectFrom("settings").select("webhook_hmac_key").where("id", "=", 1).executeTakeFirst();
  return row?.webhook_hmac_key ?? null;
}
