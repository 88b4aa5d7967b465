import type { FieldErrors } from "@/lib/core/errors";
import { addFieldError, parsePartially } from "@/lib/core/validation/parse-input";
import { FLAGS, LEGACY_SCHEMAS, type LegacyFields, type LegacyVariant, legacyTypeSchema } from "./legacy-fields";
import type { LegacySettings } from "./legacy-settings";
import { requiredLegacyFields } from "./required-legacy-fields";

/** The contact field each flag needs, and what it would be used for. */
const CONTACT = {
  email_notification: ["customer_email", "the payment link"],
  email_payment_details: ["customer_email", "the payment result"],
  sms_notification: ["customer_phone", "the payment link"],
  sms_payment_details: ["customer_phone", "the payment result"],
} as const;

/**
 * Reads a legacy request body: its variant (`type`, else the path's), then that variant's fields with their
 * own rules, the required ones (with what the settings cannot default: required-legacy-fields.ts) and the contact
 * fields the flags need. As on the checkout interface, null and "" mean "not given". Field errors are returned,
 * not thrown, with the fields that passed, so that the checks against the configuration add theirs.
 */
export function readLegacyFields(body: Record<string, unknown>, pathVariant: LegacyVariant, settings: LegacySettings) {
  const errors: FieldErrors = {};
  const givenType = given(body.type) ? legacyTypeSchema.safeParse(body.type) : undefined;
  if (givenType && !givenType.success) errors.type = givenType.error.issues.map((i) => i.message);
  const variant = givenType?.success ? givenType.data : pathVariant;

  const schema = LEGACY_SCHEMAS[variant];
  const sent = Object.fromEntries(Object.keys(schema.shape).filter((key) => given(body[key])).map((key) => [key, body[key]]));
  const parsed = parsePartially(schema, sent);
  const fields = parsed.data as LegacyFields;
  Object.assign(errors, parsed.errors);

  for (const { field, message } of requiredLegacyFields(variant, settings)) {
    if (!(field in sent)) addFieldError(errors, [field], message);
  }
  for (const flag of FLAGS) {
    const [contact, what] = CONTACT[flag];
    if (fields[flag] && !(contact in sent)) addFieldError(errors, [flag], `${contact} is required when ${flag} is on: it is where ${what} goes.`);
  }
  return { variant, fields, errors };
}

function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}
