import type { Updateable } from "kysely";
import { z } from "zod";
import { inTransaction } from "@/db/in-transaction";
import { findGatewaySettingByCode } from "@/db/queries/gateway-settings";
import { isGatewayCodeUsed, lockGatewaySetting, renameUserGatewayCode, updateGatewaySettingRow } from "@/db/queries/gateway-settings-admin";
import type { GatewaySettingsTable } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, NotFound, ValidationFailed } from "@/lib/core/errors";
import { isUniqueViolation } from "@/lib/core/unique-violation";
import { httpUrl } from "@/lib/core/validation/common";
import { addFieldError, parseInput } from "@/lib/core/validation/parse-input";
import { gatewayCurrencyErrors } from "./gateway-currency-errors";
import { gatewayIcon } from "@/lib/gateways/gateway-icon";
import { gatewayCode, gatewaySettingFields } from "./gateway-setting-fields";
import { initialGatewayConfig } from "./initial-gateway-config";
import type { KnownPg } from "@/lib/gateways/known-gateways";
import { sealCredentials } from "./seal-credentials";

/** Only the fields given change; null clears the icon URL or the uploaded icon. */
export const updateGatewaySettingInput = gatewaySettingFields.extend({
  /** The gateway setting to change. */
  code: z.string({ error: "Give the code of the gateway setting to change." }),
  newCode: gatewayCode.optional(),
  /** null: no icon URL (an uploaded icon, or the pg's own, shows instead). */
  iconUrl: httpUrl().nullable().optional(),
  /** null: remove the uploaded icon. */
  icon: gatewayIcon.nullable().optional(),
});

const CODE_IN_USE = "Fixed: transactions already use this code, and they keep naming it.";
const PG_IN_USE = "Fixed: transactions already use this gateway setting; their refunds and captures go to this pg.";

/**
 * Changes a gateway setting; only the fields given change, in one transaction. Its code and pg are fixed once a
 * transaction names it; users limited to the old code keep the setting under its new one. Returns the row
 * before and after.
 */
export async function updateGatewaySetting({ ctx, input }: { ctx: Ctx; input: z.input<typeof updateGatewaySettingInput> }) {
  const data = parseInput(updateGatewaySettingInput, input);
  return inTransaction(ctx.db, async (db) => {
    const before = await lockGatewaySetting(db, data.code);
    if (!before) throw new NotFound(`No gateway setting with code ${data.code}.`);
    const errors: FieldErrors = {};
    const renamed = data.newCode !== undefined && data.newCode !== before.code;
    const pgChanged = data.pg !== undefined && data.pg !== before.pg;
    const used = (renamed || pgChanged) && (await isGatewayCodeUsed(db, before.code));
    if (renamed && used) addFieldError(errors, ["newCode"], CODE_IN_USE);
    else if (renamed && (await findGatewaySettingByCode(db, data.newCode!))) {
      addFieldError(errors, ["newCode"], `A gateway setting with code ${data.newCode} already exists.`);
    }
    if (pgChanged && used) addFieldError(errors, ["pg"], PG_IN_USE);
    for (const message of data.currencies ? await gatewayCurrencyErrors(db, data.currencies) : []) addFieldError(errors, ["currencies"], message);
    const pg = (data.pg ?? before.pg) as KnownPg;
    const sealed = sealCredentials({ pg, code: before.code, given: data.credentials, stored: pgChanged ? null : before, sandbox: data.isSandbox ?? before.is_sandbox, errors });
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

    const changes: Updateable<GatewaySettingsTable> = {
      code: data.newCode,
      name: data.name,
      pg: data.pg,
      is_sandbox: data.isSandbox,
      currencies: data.currencies,
      operation: data.operation,
      priority: data.priority,
      fee_fixed: data.feeFixed,
      fee_percent: data.feePercent,
      icon_url: data.iconUrl,
      ...(data.icon !== undefined ? { icon: data.icon?.content ?? null, icon_content_type: data.icon?.contentType ?? null } : {}),
      // Another pg: its own options, and none of the old pg's credentials.
      ...(pgChanged ? { config: initialGatewayConfig(pg), credentials: null, credentials_hint: {} } : {}),
      ...sealed,
    };
    const after = await updateGatewaySettingRow(db, before.id, changes).catch((error: unknown) => {
      // Another setting took the new code between the check above and this update.
      if (isUniqueViolation(error, "gateway_settings_code_key")) throw new ValidationFailed({ newCode: [`A gateway setting with code ${data.newCode} already exists.`] });
      throw error;
    });
    if (renamed) await renameUserGatewayCode(db, before.code, after.code);
    return { before, after };
  });
}
