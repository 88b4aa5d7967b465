import type { Db } from "@/db/client";
import { getSettings } from "@/db/queries/settings";
import { cachedConfig } from "./config-cache";

/** The settings row, kept by the configuration cache (a change anywhere drops it); shared, so not to be modified. */
export const cachedSettings = (db: Db) => cachedConfig("settings", () => getSettings(db));
