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
