import { findGatewaySettingForPanel, isGatewayCodeUsed, listCurrencyStates } from "@/db/queries/gateway-settings-admin";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { panelGateway } from "./panel-gateway";

/**
 * What the gateway form needs: the currencies to choose from (the enabled ones, and any disabled one the gateway
 * still has, so it can be left out) and, to edit one, the gateway setting and whether its code is fixed.
 */
export async function loadGatewayForm({ ctx, input }: { ctx: Ctx; input: { code?: string } }) {
  const [currencies, row] = await Promise.all([
    listCurrencyStates(ctx.db),
    input.code === undefined ? undefined : findGatewaySettingForPanel(ctx.db, input.code),
  ]);
  if (input.code !== undefined && !row) throw new NotFound(`No gateway setting with code ${input.code}.`);
  const gateway = row ? panelGateway(row) : null;
  return {
    gateway,
    codeFixed: row ? await isGatewayCodeUsed(ctx.db, row.code) : false,
    currencies: currencies.filter((c) => c.enabled || gateway?.currencies.includes(c.code)),
  };
}
