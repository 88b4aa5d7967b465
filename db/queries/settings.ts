import type { Db } from "../client";
import type { SettingsUpdate } from "../types";

export function getSettings(db: Db) {
  return db.selectFrom("settings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
}

export function updateSettings(db: Db, changes: SettingsUpdate) {
  return db
    .updateTable("settings")
    .set({ ...changes, updated_at: new Date() })
    .where("id", "=", 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}
