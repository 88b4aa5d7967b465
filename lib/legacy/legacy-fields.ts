import countries from "i18n-iso-countries";
import { z } from "zod";
import { positiveAmountSchema } from "@/lib/checkout/transactions/amount-schema";
import { transactionFieldsSchema } from "@/lib/checkout/transactions/transaction-fields";
import { isBigintId } from "@/lib/core/validation/bigint-id";
import { httpUrl } from "@/lib/core/validation/common";
import { looseBoolean } from "@/lib/core/validation/loose-fields";

// The fields of the legacy payment request (checkout-interface.md, "Legacy payment request"), per variant, with
// the table's limits. All optional here: read-legacy-fields.ts says which are required. A field the table does
// not list for a variant is not in its schema, and so is ignored like any unknown key. The same schemas
// generate the OpenAPI document.

export const VARIANTS = ["e_commerce", "payment_request"] as const;
export type LegacyVariant = (typeof VARIANTS)[number];

export const FLAGS = ["email_notification", "sms_notification", "email_payment_details", "sms_payment_details"] as const;
export type LegacyFlag = (typeof FLAGS)[number];

const BLANK = "This field may not be blank.";

/** Text (numbers are taken as their digits, as form-minded clients send them), at most `max` characters when the table gives a limit. */
const text = (max?: number) => {
  const trimmed = z.string({ error: "Must be a string." }).trim().min(1, BLANK);
  return z.preprocess((v) => (typeof v === "number" ? String(v) : v), max ? trimmed.max(max, `Ensure this field has no more than ${max} characters.`) : trimmed);
};

const flag = (description: string) => looseBoolean.optional().meta({ description: `${description} true/false, 1/0, on/off or yes/no, any case.`, type: "boolean" });

export const legacyTypeSchema = z
  .string({ error: "Allowed types: e_commerce, payment_request." })
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(VARIANTS, { error: "Allowed types: e_commerce, payment_request." }));

const CURRENCY = "Enter a 3-letter ISO 4217 code, letters only, for example KWD.";

/** The fields both variants take. */
const commonFields = {
  type: legacyTypeSchema
    .optional()
    .meta({ description: "The variant: e_commerce or payment_request. Without it, /pos/crt/ is e-commerce and /pos/d/crt/ a payment request.", enum: [...VARIANTS] }),
  amount: positiveAmountSchema.optional().meta({ description: "Positive, with at most the currency's decimal places; a string or a JSON number.", example: "86.000" }),
  currency_code: text(3)
    .pipe(z.string().regex(/^[A-Za-z]{3}$/, CURRENCY))
    .transform((v) => v.toUpperCase())
    .optional()
    .meta({ description: "Letters only, ISO 4217, accepted by the gateway(s); at most 3.", example: "KWD" }),
  gateway_code: text(64).optional().meta({ description: "A gateway setting's code the caller may use.", example: "sandbox" }),
  language: text(2)
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(["en", "ar"], { error: "Allowed languages: en, ar." }))
    .optional()
    .meta({ description: "Language of the page and the messages: en (default) or ar; at most 2.", example: "en" }),
  order_no: text(128).optional().meta({ description: "The merchant's order number, unique among live transactions; at most 128.", example: "ORD-1001" }),
  email_notification: flag("E-mail the payment link (needs customer_email)."),
  sms_notification: flag("Send the payment link by SMS (needs customer_phone)."),
  email_payment_details: flag("E-mail the payment result (needs customer_email)."),
  sms_payment_details: flag("Send the payment result by SMS (needs customer_phone)."),
  customer_email: text()
    .pipe(z.email({ error: "Enter a valid email address." }))
    .optional()
    .meta({ description: "The customer's e-mail.", format: "email", example: "sara@example.com" }),
  customer_phone: text(16)
    .pipe(z.string().regex(/^\+?\d{4,16}$/, "Enter an international number: digits with their country prefix, optionally after +."))
    .optional()
    .meta({ description: "International number with its prefix; at most 16 characters.", example: "+96550000000" }),
  customer_first_name: text().optional().meta({ example: "Sara" }),
  customer_last_name: text().optional().meta({ example: "Ahmad" }),
  full_name: text().optional().meta({ description: "Stored and sent back in the result.", example: "Sara Ahmad" }),
  customer_address_line1: text().optional().meta({ description: "Missing address fields take the admin's default address.", example: "Block 1, Street 2" }),
  customer_address_line2: text().optional(),
  customer_address_city: text(40).optional().meta({ description: "At most 40.", example: "Kuwait City" }),
  customer_address_state: text(40).optional().meta({ description: "At most 40.", example: "Capital" }),
  customer_address_postal_code: text(12)
    .pipe(z.string().regex(/^\d+$/, "Enter the postal code as digits only."))
    .optional()
    .meta({ description: "Digits (a string or a JSON integer); at most 12.", type: ["string", "integer"], example: "13001" }),
  vendor_name: text(64).optional().meta({ description: "At most 64; passed to the gateway as udf6.", example: "Main store" }),
  // The checkout's rules (a list also works); documented as what legacy clients send: one comma-separated string.
  email_recipients: transactionFieldsSchema.shape.email_recipients.meta({
    description: "Comma-separated e-mail addresses (at most 20) that also receive the messages.",
    type: "string",
    items: undefined,
    maxItems: undefined,
    example: "ops@merchant.example,owner@merchant.example",
  }),
  redirect_url: httpUrl(200)
    .optional()
    .meta({ description: "Where the customer returns; at most 200. Default: the admin's default redirect URL; in e-commerce required when none is set (a payment request without one leaves the customer on the result page).", format: "uri" }),
  disclosure_url: httpUrl(200)
    .optional()
    .meta({ description: "Receives the result by POST; at most 200. Default: the admin's default disclosure URL; in e-commerce required when none is set (a payment request without one posts no result).", format: "uri" }),
};

export const eCommerceFieldsSchema = z.object({
  ...commonFields,
  customer_address_country: text(2)
    .transform((v) => v.toUpperCase())
    .refine((v) => countries.isValid(v), "Enter an existing ISO 3166-1 alpha-2 country code, for example KW.")
    .optional()
    .meta({ description: "ISO 3166-1 alpha-2, any case (stored upper-case); at most 2.", example: "KW" }),
  product_type: text(128).optional().meta({ description: "At most 128.", example: "goods" }),
  capture_address: flag("Ask the customer's address on the payment page. Required when the multi-step checkout is on."),
  capture_delivery: flag("Ask the delivery location on a map on the payment page. Required when the multi-step checkout is on."),
  extra: transactionFieldsSchema.shape.extra.meta({
    description: "A JSON object (in form bodies: its JSON text, or extra[key] fields); its entries return as query parameters on the redirect.",
    example: { cart_id: "c-9" },
  }),
  initiator: text().optional().meta({ description: "Accepted as sent by old plugins (a string) and stored.", example: "7" }),
});

export const paymentRequestFieldsSchema = z.object({
  ...commonFields,
  customer_address_country: text(40).optional().meta({ description: "At most 40.", example: "Kuwait" }),
  initiator: z
    .union([z.string(), z.number()], { error: "Enter the id of an active admin user: a whole number." })
    .transform((v) => String(v).trim())
    .refine(isBigintId, "Enter the id of an active admin user: a whole number.")
    .optional()
    .meta({ description: "The id of the active admin user who initiates the request (a number or its digits).", type: ["integer", "string"], example: 7 }),
});

export const LEGACY_SCHEMAS = { e_commerce: eCommerceFieldsSchema, payment_request: paymentRequestFieldsSchema };

export type ECommerceFields = z.output<typeof eCommerceFieldsSchema>;
export type PaymentRequestFields = z.output<typeof paymentRequestFieldsSchema>;
/** What either variant's fields read as; the fields one variant does not take stay undefined. */
export type LegacyFields = Partial<ECommerceFields> & Partial<PaymentRequestFields>;

/** Required per variant, as the table says (with what the settings cannot default: required-legacy-fields.ts). */
export const REQUIRED: Record<LegacyVariant, (keyof LegacyFields)[]> = {
  e_commerce: ["amount", "gateway_code", "currency_code"],
  payment_request: ["amount", "currency_code", "customer_email", "initiator"],
};

/** Every key either variant reads (for the storable-text check). */
export const LEGACY_FIELD_NAMES = [...new Set([...Object.keys(eCommerceFieldsSchema.shape), ...Object.keys(paymentRequestFieldsSchema.shape)])];
