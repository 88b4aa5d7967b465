import { sql } from "kysely";
import type { Db } from "../client";
import type { NewGatewaySetting } from "../types";

export function insertGatewaySetting(db: Db, row: NewGatewaySetting) {
  return db.insertInto("gateway_settings").values(row).returningAll().executeTakeFirstOrThrow();
}

export function findGatewaySettingByCode(db: Db, code: string) {
  return db.selectFrom("gateway_settings").selectAll().where("code", "=", code).executeTakeFirst();
}

export function listGatewaySettings(db: Db) {
  return db.selectFrom("gateway_settings").selectAll().orderBy("code").execute();
}

/** The enabled gateway settings as a list of payment methods shows them (no credentials), by code. */
export function listEnabledGatewaySettings(db: Db) {
  return db
    .selectFrom("gateway_settings")
    .select(["code", "name", "pg", "is_sandbox", "currencies", "operation", "icon_url", sql<boolean>`icon IS NOT NULL`.as("has_icon")])
    .where("enabled", "=", true)
    .orderBy("code")
    .execute();
}

/** The codes of the enabled gateway settings in sandbox mode, by code. */
export function listEnabledSandboxGatewayCodes(db: Db): Promise<string[]> {
  return db
    .selectFrom("gateway_settings")
    .select("code")
    .where("enabled", "=", true)
    .where("is_sandbox", "=", true)
    .orderBy("code")
    .execute()
    .then((rows) => rows.map((r) => r.code));
}
