import { z } from "zod";
import { inTransaction } from "@/db/in-transaction";
import { findGatewaySettingByCode, insertGatewaySetting } from "@/db/queries/gateway-settings";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { isUniqueViolation } from "@/lib/core/unique-violation";
import { addFieldError, parseInput } from "@/lib/core/validation/parse-input";
import { gatewayCurrencyErrors } from "./gateway-currency-errors";
import { feeFixed, feePercent, gatewayCode, gatewayCurrencies, gatewayOperation, gatewayPg, gatewaySettingFields } from "./gateway-setting-fields";
import { initialGatewayConfig } from "./initial-gateway-config";
import { sealCredentials } from "./seal-credentials";

/** A new gateway setting needs its code, pg and currencies; operation, priority (0) and fees have defaults. */
export const createGatewaySettingInput = gatewaySettingFields.extend({
  code: gatewayCode,
  pg: gatewayPg,
  currencies: gatewayCurrencies,
  operation: gatewayOperation.default("purchase"),
  feeFixed: feeFixed.default("0"),
  feePercent: feePercent.default("0"),
});

/**
 * Configures a gateway setting: the code merchants pass in pg_codes, its currencies (configured and enabled),
 * operation, fees, icon and credentials (stored encrypted).
 */
export async function createGatewaySetting({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: z.input<typeof createGatewaySettingInput>;
}) {
  const data = parseInput(createGatewaySettingInput, input);
  return inTransaction(ctx.db, async (db) => {
    const errors: FieldErrors = {};
    if (await findGatewaySettingByCode(db, data.code)) addFieldError(errors, ["code"], `A gateway setting with code ${data.code} already exists.`);
    for (const message of await gatewayCurrencyErrors(db, data.currencies)) addFieldError(errors, ["currencies"], message);
    const sandbox = data.isSandbox ?? data.pg === "sandbox";
    const sealed = sealCredentials({ pg: data.pg, code: data.code, given: data.credentials, stored: null, sandbox, errors });
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    try {
      return await insertGatewaySetting(db, {
        code: data.code,
        name: data.name ?? data.code,
        pg: data.pg,
        is_sandbox: sandbox,
        currencies: data.currencies,
        operation: data.operation,
        priority: data.priority,
        fee_fixed: data.feeFixed,
        fee_percent: data.feePercent,
        icon_url: data.iconUrl ?? null,
        icon: data.icon?.content ?? null,
        icon_content_type: data.icon?.contentType ?? null,
        config: initialGatewayConfig(data.pg),
        ...sealed,
      });
    } catch (error) {
      // Saved by someone else between the check above and this insert.
      if (isUniqueViolation(error, "gateway_settings_code_key")) throw new ValidationFailed({ code: [`A gateway setting with code ${data.code} already exists.`] });
      throw error;
    }
  });
}
