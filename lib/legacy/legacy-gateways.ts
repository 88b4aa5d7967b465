import { listCurrencyCodes } from "@/db/queries/transactions";
import { preferredGateways } from "@/lib/config/gateway-settings/preferred-gateways";
import type { Ctx } from "@/lib/core/context";
import type { FieldErrors } from "@/lib/core/errors";
import { cachedCheckoutConfig } from "@/lib/checkout/transactions/cached-checkout-config";
import { checkTransaction } from "@/lib/checkout/transactions/check-transaction";
import { cachedEnabledGateways } from "@/lib/gateways/cached-gateway-setting";
import { type LegacyCaller, mayUseGateway } from "./legacy-caller";
import type { LegacyFields, LegacyVariant } from "./legacy-fields";

/**
 * The gateways of a legacy request and the checkout's own checks against the configuration (currency
 * configured, amount places, each gateway known, usable by the caller and taking the currency), named as the
 * legacy fields are. A payment request without gateway_code takes every enabled production gateway the caller may
 * use that takes the currency, or, when there is none, every such sandbox gateway (a transaction never mixes the two).
 */
export async function checkLegacyGateways(ctx: Ctx, caller: LegacyCaller, variant: LegacyVariant, fields: LegacyFields) {
  const currency = fields.currency_code;
  const everyGateway = variant === "payment_request" && fields.gateway_code === undefined;
  const codes = fields.gateway_code !== undefined ? [fields.gateway_code] : everyGateway && currency ? await gatewaysTaking(ctx, caller, currency) : [];
  const config = await cachedCheckoutConfig(ctx, currency ?? "", codes);
  const checked = await checkTransaction(
    { amount: fields.amount, currency_code: currency, pg_codes: codes },
    config,
    (code) => mayUseGateway(caller, code),
    () => listCurrencyCodes(ctx.db),
  );
  const { pg_codes: gatewayErrors, ...errors }: FieldErrors = checked;
  if (gatewayErrors) errors.gateway_code = gatewayErrors;
  if (everyGateway && currency && config.decimals !== null && codes.length === 0) {
    errors.gateway_code = [`No gateway you may use takes ${currency}: send the gateway_code of one that does.`];
  }
  return { config, codes, errors };
}

/** The production gateways the caller may use that take the currency; only when there are none, the sandbox ones (never both). */
async function gatewaysTaking(ctx: Ctx, caller: LegacyCaller, currency: string): Promise<string[]> {
  const gateways = await cachedEnabledGateways(ctx.db);
  return preferredGateways(gateways.filter((g) => g.currencies.includes(currency) && mayUseGateway(caller, g.code))).map((g) => g.code);
}
