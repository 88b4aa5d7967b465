import { getLegacySettings } from "@/db/queries/legacy-settings";
import { cachedConfig } from "@/lib/core/cache/config-cache";
import type { Ctx } from "@/lib/core/context";

export type LegacySettings = Awaited<ReturnType<typeof getLegacySettings>>;

/** The legacy interface's settings, kept while the configuration cache hears the database's change notices. */
export const legacySettings = (ctx: Ctx): Promise<LegacySettings> => cachedConfig("legacy-settings", () => getLegacySettings(ctx.db));
