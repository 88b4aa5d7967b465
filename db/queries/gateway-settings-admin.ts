import { sql, type Updateable } from "kysely";
import type { Db } from "../client";
import type { GatewaySettingsTable } from "../types";

// The gateway settings as the admin panel and CLI change them; none of the panel's reads return the credentials
// or the icon's bytes.

/** The row, locked until the transaction ends: two saves of one gateway setting run one after the other. */
export function lockGatewaySetting(db: Db, code: string) {
  return db.selectFrom("gateway_settings").selectAll().where("code", "=", code).forUpdate().executeTakeFirst();
}

/** Whether a transaction names the code (uses the GIN index on pg_codes, migration 0011). */
export async function isGatewayCodeUsed(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => eb.exists(eb.selectFrom("transactions").select(sql`1`.as("one")).where(sql<boolean>`pg_codes @> ARRAY[${code}]::text[]`)).as("used"))
    .executeTakeFirstOrThrow();
  return Boolean(row.used);
}

export function updateGatewaySettingRow(db: Db, id: string, changes: Updateable<GatewaySettingsTable>) {
  return db
    .updateTable("gateway_settings")
    .set({ ...changes, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Users limited to a gateway keep it when its code changes. */
export function renameUserGatewayCode(db: Db, from: string, to: string) {
  return db
    .updateTable("admin_users")
    .set({ gateway_codes: sql<string[]>`array_replace(gateway_codes, ${from}, ${to})` })
    .where(sql<boolean>`${from} = ANY(gateway_codes)`)
    .execute();
}

const PANEL_COLUMNS = [
  "code",
  "name",
  "pg",
  "is_sandbox",
  "currencies",
  "operation",
  "fee_fixed",
  "fee_percent",
  "icon_url",
  "icon_content_type",
  "enabled",
  "priority",
  "credentials_hint",
] as const;

export function listGatewaySettingsForPanel(db: Db) {
  return db.selectFrom("gateway_settings").select(PANEL_COLUMNS).orderBy("code").execute();
}

export function findGatewaySettingForPanel(db: Db, code: string) {
  return db.selectFrom("gateway_settings").select(PANEL_COLUMNS).where("code", "=", code).executeTakeFirst();
}

export function findGatewayIcon(db: Db, code: string) {
  return db
    .selectFrom("gateway_settings")
    .select(["icon", "icon_content_type"])
    .where("code", "=", code)
    .where("icon", "is not", null)
    .executeTakeFirst();
}

/** Every currency with whether it is enabled, by code. */
export function listCurrencyStates(db: Db) {
  return db.selectFrom("currencies").select(["code", "enabled"]).orderBy("code").execute();
}

/** Every stored ciphertext, locked: a key rotation re-encrypts them all in one transaction. */
export function lockSealedCredentials(db: Db) {
  return db
    .selectFrom("gateway_settings")
    .select(["id", "code", "credentials"])
    .where("credentials", "is not", null)
    .orderBy("id")
    .forUpdate()
    .execute();
}

export function storeSealedCredentials(db: Db, id: string, credentials: Buffer) {
  return db.updateTable("gateway_settings").set({ credentials }).where("id", "=", id).execute();
}
