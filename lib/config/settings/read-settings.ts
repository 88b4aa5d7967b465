import { getSettings } from "@/db/queries/settings";
import type { Ctx } from "@/lib/core/context";
import { settingsView } from "./settings-view";

/** The administration panel's settings as the panel shows them (no secrets). */
export async function readSettings({ ctx }: { ctx: Ctx }) {
  return settingsView(await getSettings(ctx.db));
}
