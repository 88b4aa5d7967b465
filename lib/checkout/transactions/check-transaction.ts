import type { CheckoutConfig, GatewayView } from "@/db/queries/transactions";
import type { FieldErrors } from "@/lib/core/errors";
import { adapterFor } from "@/lib/gateways/adapters";
import { decimalPlaces } from "@/lib/core/money/decimal";
import { addFieldError } from "@/lib/core/validation/parse-input";
import { isZeroAmount } from "./amount-schema";
import type { TransactionFields } from "./transaction-fields";

export type CheckedFields = TransactionFields & { amount: string; currency_code: string; pg_codes: string[] };

/**
 * The rules that need the configuration or more than one field, applied to the whole (merged) transaction:
 * currency configured, amount places, gateways usable by the caller and enabled for the currency, all sandbox or all
 * production,
 * contact fields for the requested notifications, and what saving a card needs (customer, agreement, gateways
 * that save cards). Fields that failed their own rules are left out of `fields`
 * (see read-fields.ts) and so of the checks that need them.
 */
export async function checkTransaction(
  fields: Partial<CheckedFields>,
  config: CheckoutConfig,
  /** Whether the caller may use a gateway code (lib/access/auth/permissions.ts canUseGateway, for an authenticated caller). */
  mayUseGateway: (code: string) => boolean,
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

  const paymentType = fields.payment_type ?? "one_off";
  const zero = fields.amount !== undefined && decimalPlaces(fields.amount) !== null && isZeroAmount(fields.amount);
  if (zero && paymentType !== "save_card") add("amount", "Ensure this value is greater than 0 (0 is only for a save_card transaction).");

  const byCode = new Map(config.gateways.map((g) => [g.code, g]));
  const usable: GatewayView[] = [];
  for (const code of fields.pg_codes ?? []) {
    const gateway = byCode.get(code);
    if (!gateway || !gateway.enabled || !mayUseGateway(code)) {
      add("pg_codes", `Unknown gateway code or not allowed for you: ${code}.`);
    } else if (currency !== undefined && config.decimals !== null && !gateway.currencies.includes(currency)) {
      add("pg_codes", `Gateway ${code} does not accept ${currency}; it accepts ${gateway.currencies.join(", ")}.`);
    } else {
      usable.push(gateway);
    }
  }
  // Sandbox (test-mode) and production gateways never in one transaction: a real customer is never offered a test
  // gateway beside the real ones, nor a test checkout a real one.
  const sandboxes = usable.filter((g) => g.is_sandbox).map((g) => g.code);
  const productions = usable.filter((g) => !g.is_sandbox).map((g) => g.code);
  if (sandboxes.length > 0 && productions.length > 0) {
    add("pg_codes", `Sandbox gateways (${sandboxes.join(", ")}) and production gateways (${productions.join(", ")}) cannot be mixed in one transaction: give gateways of one kind.`);
  }
  if (paymentType !== "one_off") {
    if (!fields.customer_id) add("customer_id", `customer_id is required for a ${paymentType} transaction: the card is saved for that customer.`);
    for (const gateway of usable) {
      const features = adapterFor(gateway.pg)?.features;
      if (!features?.tokenization) add("pg_codes", `Gateway ${gateway.code} cannot save cards, which a ${paymentType} transaction needs.`);
      else if (zero && !features.zeroAuthorization) add("amount", `Gateway ${gateway.code} cannot authorize a zero amount; give an amount greater than 0.`);
    }
  }
  if (paymentType === "auto_debit" && !fields.agreement) add("agreement", "agreement is required for an auto_debit transaction.");
  if (paymentType !== "auto_debit" && fields.agreement) add("agreement", "agreement is only for an auto_debit transaction (payment_type auto_debit).");

  if (fields.notifications?.email?.length && !fields.customer_email) {
    add("customer_email", "customer_email is required when notifications.email lists events.");
  }
  if (fields.notifications?.sms?.length && !fields.customer_phone) {
    add("customer_phone", "customer_phone is required when notifications.sms lists events.");
  }
  if (fields.notifications?.whatsapp?.length && !fields.customer_phone) {
    add("customer_phone", "customer_phone is required when notifications.whatsapp lists events.");
  }
  return errors;
}
