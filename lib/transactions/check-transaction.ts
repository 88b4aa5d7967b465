import type { CheckoutConfig, GatewayView } from "@/db/queries/transactions";
import { canUseGateway, type Caller } from "@/lib/auth/permissions";
import type { FieldErrors } from "@/lib/errors";
import { decimalPlaces } from "@/lib/money/decimal";
import { addFieldError } from "@/lib/validation/parse-input";
import type { TransactionFields } from "./transaction-fields";

export type CheckedFields = TransactionFields & { amount: string; currency_code: string; pg_codes: string[] };

/**
 * The rules that need the configuration or more than one field, applied to the whole (merged) transaction:
 * currency configured, amount places, gateways usable by the caller and enabled for the currency, one operation,
 * and contact fields for the requested notifications. Fields that failed their own rules are left out of `fields`
 * (see read-fields.ts) and so of the checks that need them.
 */
export async function checkTransaction(
  fields: Partial<CheckedFields>,
  config: CheckoutConfig,
  caller: Caller,
  configuredCurrencies: () => Promise<string[]>,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => addFieldError(errors, [field], message);

  const currency = fields.currency_code;
  if (currency !== undefined && config.decimals === null) {
    add("currency_code", `${currency} is not a configured currency. Allowed: ${(await configuredCurrencies()).join(", ")}.`);
  } else if (fields.amount !== undefined && config.decimals !== null && (decimalPlaces(fields.amount) ?? 0) > config.decimals) {
    add("amount", `Ensure that there are no more than ${config.decimals} decimal places for ${currency}.`);
  }

  const byCode = new Map(config.gateways.map((g) => [g.code, g]));
  const usable: GatewayView[] = [];
  for (const code of fields.pg_codes ?? []) {
    const gateway = byCode.get(code);
    if (!gateway || !gateway.enabled || !canUseGateway(caller, code)) {
      add("pg_codes", `Unknown gateway code or not allowed for you: ${code}.`);
    } else if (currency !== undefined && config.decimals !== null && !gateway.currencies.includes(currency)) {
      add("pg_codes", `Gateway ${code} does not accept ${currency}; it accepts ${gateway.currencies.join(", ")}.`);
    } else {
      usable.push(gateway);
    }
  }
  if (new Set(usable.map((g) => g.operation)).size > 1) {
    add("pg_codes", "All gateway codes of one transaction must share one operation (purchase or authorize).");
  }

  if (fields.notifications?.email?.length && !fields.customer_email) {
    add("customer_email", "customer_email is required when notifications.email lists events.");
  }
  if (fields.notifications?.sms?.length && !fields.customer_phone) {
    add("customer_phone", "customer_phone is required when notifications.sms lists events.");
  }
  return errors;
}
