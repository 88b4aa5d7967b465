import countries from "i18n-iso-countries";
import { z } from "zod";
import { duration, httpUrl } from "@/lib/core/validation/common";
import { looseBoolean } from "@/lib/core/validation/loose-fields";
import { agreementSchema } from "./agreement-schema";
import { amountSchema } from "./amount-schema";
import { cardAcceptanceSchema, MAX_MIN_EXPIRY_DAYS } from "./card-acceptance-schema";
import { customerBirthdateSchema } from "./customer-birthdate-schema";
import { dueDatetimeSchema } from "./due-datetime-schema";

// The fields of the create/update request, as the interface defines them. The same schemas validate requests
// and generate the OpenAPI document. Checks that need the configuration (currency list, gateways) live in the verbs.

export const NOTIFICATION_EVENTS = [
  "created",
  "paid",
  "canceled",
  "failed",
  "expired",
  "authorized",
  "voided",
  "refunded",
  "captured",
] as const;

const maxLength = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** Text up to `max` characters; numbers are accepted as their digits (clients send phone numbers both ways). */
const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    z.string({ error: (iss) => (iss.input === undefined ? "This field is required." : "Must be a string.") }).trim().max(max, maxLength(max)),
  );

/** Form bodies carry objects as JSON text; accept both. */
const jsonObject = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);

/** A single value or a comma-separated string where a list is expected. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v),
    z.array(item, { error: "Must be a list." }),
  );

const email = z.email({ error: "Enter a valid email address." });

export const billingAddressSchema = z.object(
  {
    line1: text(128).pipe(z.string().min(1, "This field may not be blank.")),
    line2: text(128).optional(),
    city: text(40).pipe(z.string().min(1, "This field may not be blank.")),
    state: text(40).pipe(z.string().min(1, "This field may not be blank.")),
    country: text(2)
      .transform((v) => v.toUpperCase())
      .refine((v) => countries.isValid(v), "Enter an existing ISO 3166-1 alpha-2 country code, for example KW.")
      .meta({ description: "ISO 3166-1 alpha-2, any letter case.", pattern: "^[A-Za-z]{2}$" }),
    postal_code: text(12).pipe(z.string().min(1, "This field may not be blank.")),
  },
  { error: "Must be an object with line1, line2, city, state, country and postal_code." },
);

/** An address field (billing, shipping): an object, or its JSON text in a form body. */
const addressField = (description: string, example?: Record<string, string>) =>
  jsonObject(billingAddressSchema)
    .optional()
    .meta({ description, required: ["line1", "city", "state", "country", "postal_code"], ...(example ? { example } : {}) });

const notificationList = listOf(
  z
    .string({ error: "Event names are strings." })
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(NOTIFICATION_EVENTS, { error: `Allowed events: ${NOTIFICATION_EVENTS.join(", ")} (any letter case).` })),
).transform((events) => [...new Set(events)])
  .meta({ items: { type: "string", enum: [...NOTIFICATION_EVENTS] } });

export const notificationsSchema = z.preprocess(
  (v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).map(([k, val]) => [k.toLowerCase(), val]))
      : v,
  z.object({ email: notificationList.optional(), sms: notificationList.optional(), whatsapp: notificationList.optional() }, {
    error: 'Must be an object like {"email": ["paid"], "sms": ["paid"], "whatsapp": ["paid"]}.',
  }),
);

/** A request for a link: once made, a link lasts as long as the transaction; false or absent removes nothing. */
const linkFlag = (description: string) =>
  looseBoolean.optional().meta({ description: `${description} true/false (1/0, on/off, yes/no as form text).`, type: "boolean", example: true });

/** Every writable field; all optional here, the verbs decide which are required. */
export const transactionFieldsSchema = z.object({
  type: z
    .string({ error: "Allowed types: e_commerce (alias commerce), payment_request." })
    .transform((v) => v.trim().toLowerCase())
    .transform((v) => (v === "commerce" ? "e_commerce" : v))
    .pipe(z.enum(["e_commerce", "payment_request"], { error: "Allowed types: e_commerce (alias commerce), payment_request." }))
    .optional()
    .meta({
      description: "Plugin: e_commerce (default; commerce is an alias) or payment_request; any letter case.",
      enum: ["e_commerce", "payment_request", "commerce"],
      example: "e_commerce",
    }),
  amount: amountSchema
    .optional()
    .meta({
      description: "Positive amount with at most the currency's decimal places, as a string (or a JSON number); 0 only for a save_card transaction (zero-amount authorization).",
      example: "86.000",
    }),
  currency_code: z
    .string({ error: "Enter a 3-letter ISO 4217 currency code, for example KWD." })
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, "Enter a 3-letter ISO 4217 currency code, for example KWD."))
    .optional()
    .meta({ description: "ISO 4217 code of a configured currency, enabled on every gateway in pg_codes.", pattern: "^[A-Za-z]{3}$", example: "KWD" }),
  mode: z
    .string({ error: "Allowed modes: payment." })
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.literal("payment", { error: "Allowed modes: payment." }))
    .optional()
    .meta({ description: "Always payment.", enum: ["payment"], example: "payment" }),
  pg_codes: listOf(z.string({ error: "Gateway codes are strings." }).trim().min(1, "Gateway codes may not be blank."))
    .pipe(
      z
        .array(z.string())
        .min(1, "Give at least one gateway code.")
        .max(10, "Give at most 10 gateway codes.")
        .refine((codes) => new Set(codes).size === codes.length, "Gateway codes must be distinct."),
    )
    .optional()
    .meta({
      description: "1–10 distinct gateway-setting codes the caller may use (a comma-separated string also works), all sandbox or all production: never both kinds.",
      minItems: 1,
      maxItems: 10,
      uniqueItems: true,
      example: ["sandbox"],
    }),
  webhook_url: httpUrl().optional().meta({ description: "Absolute http(s) URL that receives the payment result.", format: "uri", example: "https://merchant.example/webhook" }),
  redirect_url: httpUrl().optional().meta({ description: "Absolute http(s) URL the customer returns to after paying.", format: "uri", example: "https://merchant.example/done" }),
  customer_id: text(64).optional().meta({ description: "The merchant's customer id; enables saved cards.", example: "cust-42" }),
  customer_first_name: text(64).optional().meta({ example: "Sara" }),
  customer_last_name: text(64).optional().meta({ example: "Ahmad" }),
  customer_email: text(128).pipe(email).optional().meta({ description: "Needed for e-mail notifications.", format: "email", example: "sara@example.com" }),
  customer_phone: text(12)
    .pipe(z.string().regex(/^\+?\d{4,12}$/, "Enter digits only (at most 12 characters), optionally starting with +."))
    .optional()
    .meta({ description: "Digits, optionally after +; needed for SMS and WhatsApp notifications.", example: "96550000000" }),
  customer_phone_2: text(16)
    .pipe(z.string().regex(/^\+?\d{4,15}$/, "Enter digits only (at most 16 characters), optionally starting with +."))
    .optional()
    .meta({ description: "A second phone number: digits, optionally after +, at most 16 characters. Kept and echoed; messages go to customer_phone.", pattern: "^\\+?\\d{4,15}$", example: "96560000000" }),
  customer_birthdate: customerBirthdateSchema
    .optional()
    .meta({ description: "YYYY-MM-DD, a real day from 1900-01-01 to today.", format: "date", example: "1990-04-21" }),
  billing_address: addressField(
    "Billing address; country is ISO 3166-1 alpha-2 (any case, stored upper-case). Form bodies send JSON text or billing_address[line1] keys.",
    { line1: "Block 1, Street 2", city: "Kuwait City", state: "Capital", country: "KW", postal_code: "13001" },
  ),
  shipping_address: addressField(
    "Where the order is delivered: the members and rules of billing_address. shopping_address (ottu-py's spelling) is read as this field.",
    { line1: "Block 4, Street 9", city: "Salmiya", state: "Hawalli", country: "KW", postal_code: "22001" },
  ),
  shopping_address: addressField(
    "ottu-py's name for shipping_address, read as it and returned as shipping_address. Sent together with shipping_address, both must be the same address (else a field error on shopping_address).",
  ),
  order_no: text(128).optional().meta({ description: "Unique among live transactions.", example: "ORD-1001" }),
  notifications: jsonObject(notificationsSchema)
    .optional()
    .meta({
      description: "Events that send an e-mail (needs customer_email), an SMS or a WhatsApp message (each needs customer_phone) to the customer; any letter case.",
      example: { email: ["paid"], sms: [], whatsapp: ["created"] },
    }),
  vendor_name: text(64).optional().meta({ description: "Shown on the checkout page.", example: "Main store" }),
  expiration_time: duration
    .optional()
    .meta({
      description: "HH:MM:SS or D HH:MM:SS (minutes and seconds 00–59), greater than zero; default from settings.",
      pattern: "^(\\d{1,4} )?\\d{1,3}:[0-5]\\d:[0-5]\\d$",
      example: "01:00:00",
    }),
  due_datetime: dueDatetimeSchema
    .optional()
    .meta({
      description:
        "When the payment is due, shown to the customer (payment page, e-mails with the link): DD/MM/YYYY HH:MM:SS or ISO 8601; without an offset it is UTC. Display only: expires_at is the deadline. Returned as ISO 8601 UTC.",
      example: "2026-07-01T12:00:00Z",
    }),
  email_recipients: listOf(z.string({ error: "Enter e-mail addresses as strings." }).trim().pipe(email))
    .pipe(z.array(z.string()).max(20, "Give at most 20 e-mail recipients."))
    .optional()
    .meta({
      description: "Up to 20 addresses that receive the payment notice.",
      maxItems: 20,
      items: { type: "string", format: "email" },
      example: ["ops@merchant.example"],
    }),
  extra: jsonObject(z.record(z.string(), z.unknown(), { error: "Must be a JSON object." }))
    .refine((v) => JSON.stringify(v).length <= 16_384, "Ensure extra is at most 16 KiB of JSON.")
    .optional()
    .meta({ description: "Free key/value data, returned on the redirect.", example: { cart_id: "c-9" } }),
  product_type: text(128).optional().meta({ description: "The merchant's product category.", example: "goods" }),
  language: z
    .string({ error: "Allowed languages: en, ar." })
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(["en", "ar"], { error: "Allowed languages: en, ar." }))
    .optional()
    .meta({ description: "Language of the checkout page and messages.", enum: ["en", "ar"], example: "en" }),
  payment_type: z
    .string({ error: "Allowed payment types: one_off, save_card, auto_debit." })
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(["one_off", "save_card", "auto_debit"], { error: "Allowed payment types: one_off, save_card, auto_debit." }))
    .optional()
    .meta({
      description:
        "one_off (default); save_card: the card is saved for the customer (customer_id required; amount may be 0); auto_debit: the card is saved under `agreement` for later charges without the customer (POST /b/pbl/v2/auto-debit/). A PATCH or PUT that leaves payment_type and agreement out keeps them.",
      enum: ["one_off", "save_card", "auto_debit"],
      example: "one_off",
    }),
  agreement: jsonObject(agreementSchema)
    .optional()
    .meta({
      description:
        "Required with payment_type auto_debit, refused otherwise. type recurring (default; needs amount_variability, expiry_date, cycle_interval_days, frequency), installment (amount_variability, expiry_date, total_cycles), unscheduled or event_based (id only). Shown to the customer on the payment page.",
      example: { id: "sub-42", type: "recurring", amount_variability: "fixed", expiry_date: "2027-12-31", cycle_interval_days: 30, total_cycles: 12, frequency: "monthly" },
    }),
  attachment_upload_url: httpUrl()
    .optional()
    .meta({
      description: "The URL POST /b/checkout/v1/upload-attachment/ returned: attaches that file (instead of a multipart `attachment` part). Shown as `attachment`.",
      format: "uri",
      example: "https://pay.example.com/b/checkout/v1/attachments/0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c",
    }),
  generate_qr_code: linkFlag("Makes `qr_code_url`: a PNG (or SVG) QR code of the short link, or of checkout_url when there is none. Asked again, the same code is kept."),
  shortify_checkout_url: linkFlag("Makes `checkout_short_url` ({APP_URL}/b/{code}), a redirect to checkout_url. Asked again, the same code is kept."),
  shortify_attachment_url: linkFlag("Makes `attachment_short_url`, a short link redirecting to the attachment (one must be given or already attached)."),
  card_acceptance_criteria: jsonObject(cardAcceptanceSchema)
    .optional()
    .meta({
      description: `min_expiry_time: days (0–${MAX_MIN_EXPIRY_DAYS}) the card must still be valid for at payment; a card expiring sooner is refused where its expiry can be checked (the sandbox's card page, saved cards in auto-debit; not on Stripe's or KNET's own pages). Other members are ignored.`,
      example: { min_expiry_time: 30 },
    }),
  include_sdk_setup_preload: looseBoolean
    .optional()
    .meta({
      description:
        "true: create's answer adds `sdk_setup_preload_payload`, the Checkout SDK's setup (what its GET answers), so the embedded checkout renders without another call. Kept and echoed; update answers never carry the setup.",
      type: "boolean",
      example: false,
    }),
});

export type TransactionFields = z.output<typeof transactionFieldsSchema>;
export type TransactionField = keyof TransactionFields;
export const TRANSACTION_FIELDS = Object.keys(transactionFieldsSchema.shape) as TransactionField[];
