import { listGatewaySettings } from "@/db/queries/gateway-settings";
import type { Ctx } from "@/lib/core/context";

/** The gateways a user may be given, by code, with their names (disabled ones too: they may be enabled again). */
export async function listGatewayChoices({ ctx }: { ctx: Ctx }) {
  const gateways = await listGatewaySettings(ctx.db);
  return gateways.map((g) => ({ code: g.code, name: g.name, enabled: g.enabled }));
}
