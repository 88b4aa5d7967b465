import { listGatewaySettingsForPanel } from "@/db/queries/gateway-settings-admin";
import type { Ctx } from "@/lib/core/context";
import { panelGateway } from "./panel-gateway";

/** Every gateway setting, by code, as the panel lists them. */
export async function listGatewaySettings({ ctx }: { ctx: Ctx }) {
  return (await listGatewaySettingsForPanel(ctx.db)).map(panelGateway);
}
