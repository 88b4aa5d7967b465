import { z } from "zod";
import { inTransaction } from "@/db/in-transaction";
import { lockGatewaySetting, updateGatewaySettingRow } from "@/db/queries/gateway-settings-admin";
import type { Ctx } from "@/lib/core/context";
import { NotFound, ValidationFailed } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation/parse-input";
import { gatewayCurrencyErrors } from "./gateway-currency-errors";

export const setGatewayEnabledInput = z.object({
  code: z.string({ error: "Give the code of the gateway setting." }),
  enabled: z.boolean({ error: "Say whether the gateway setting is enabled." }),
});

/**
 * Enables or disables a gateway setting: disabled, merchants can no longer start payments with it (transactions
 * already made keep it for refunds and captures). Enabling needs every one of its currencies enabled.
 */
export async function setGatewayEnabled({ ctx, input }: { ctx: Ctx; input: z.input<typeof setGatewayEnabledInput> }) {
  const data = parseInput(setGatewayEnabledInput, input);
  return inTransaction(ctx.db, async (db) => {
    const before = await lockGatewaySetting(db, data.code);
    if (!before) throw new NotFound(`No gateway setting with code ${data.code}.`);
    if (data.enabled && !before.enabled) {
      const errors = await gatewayCurrencyErrors(db, before.currencies);
      if (errors.length > 0) throw new ValidationFailed({ enabled: errors.map((e) => `Cannot enable ${before.code}. ${e}`) });
    }
    const after = await updateGatewaySettingRow(db, before.id, { enabled: data.enabled });
    return { before, after };
  });
}
