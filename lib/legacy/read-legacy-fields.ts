import type { FieldErrors } from "@/lib/core/errors";
import { addFieldError, parsePartially } from "@/lib/core/validation/parse-input";
import { FLAGS, LEGACY_SCHEMAS, type LegacyFields, type LegacyVariant, REQUIRED, legacyTypeSchema } from "./legacy-fields";
import type { LegacySettings } from "./legacy-settings";

const REQUIRED_MESSAGE = "This field is required.";

/** The contact field each flag needs, and what it would be used for. */
const CONTACT = {
  email_notification: ["customer_email", "the payment link"],
  email_payment_details: ["customer_email", "the payment result"],
  sms_notification: ["customer_phone", "the payment link"],
  sms_payment_details: ["customer_phone", "the payment result"],
} as const;

/**
 * Reads a legacy request body: its variant (`type`, else the path's), then that variant's fields with their
 * own rules, the required ones, the URLs the admin gave no default for, the multi-step rule and the contact
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

  const require = (field: string, message = REQUIRED_MESSAGE) => {
    if (!(field in sent)) addFieldError(errors, [field], message);
  };
  for (const field of REQUIRED[variant]) require(field);
  if (!settings.default_redirect_url) require("redirect_url", "This field is required: the admin settings have no default redirect URL.");
  if (!settings.default_disclosure_url) require("disclosure_url", "This field is required: the admin settings have no default disclosure URL.");
  if (variant === "e_commerce" && settings.legacy_multi_step_checkout) {
    for (const field of ["capture_address", "capture_delivery"]) require(field, "This field is required while the multi-step checkout is on: send true or false.");
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
