import type { Db } from "../client";

/** The settings a legacy /pos/ request reads: its defaults, the addresses allowed without credentials, the multi-step rule. */
export function getLegacySettings(db: Db) {
  return db
    .selectFrom("settings")
    .select(["default_redirect_url", "default_disclosure_url", "default_address", "legacy_allowed_networks", "legacy_multi_step_checkout"])
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
}
