import { legacyAnswerSchema } from "@/lib/legacy/legacy-answer";
import { LEGACY_SCHEMAS, type LegacyVariant, REQUIRED } from "@/lib/legacy/legacy-fields";
import { type JsonSchema, jsonSchema } from "./json-schema";
import { EXAMPLE_SESSION_ID } from "./openapi-examples";
import { AUTH, errors, ref } from "./openapi-helpers";

// The legacy /pos/ interface (obsolete, kept for old shop plugins): POST /pos/crt/ and /pos/d/crt/, both marked
// deprecated. Request schemas come from the zod schemas that read the requests (lib/legacy/legacy-fields.ts);
// tests post these examples and parse real answers with the answer schema.

const TAGS = ["Legacy interface"];
const PAGE = `https://pay.example.com/b/checkout/redirect/start/?session_id=${EXAMPLE_SESSION_ID}`;

export const legacyRequests = {
  e_commerce: {
    amount: "86.000",
    currency_code: "KWD",
    gateway_code: "sandbox",
    order_no: "WC-1001",
    customer_email: "sara@example.com",
    customer_phone: "+96550000000",
    customer_first_name: "Sara",
    customer_last_name: "Ahmad",
    customer_address_city: "Kuwait City",
    customer_address_country: "KW",
    email_notification: true,
    email_payment_details: true,
    redirect_url: "https://merchant.example/return",
    disclosure_url: "https://merchant.example/disclosure",
    capture_address: false,
    capture_delivery: false,
    extra: { cart_id: "c-9" },
  },
  payment_request: {
    amount: "25.500",
    currency_code: "KWD",
    customer_email: "sara@example.com",
    initiator: 7,
    order_no: "INV-2001",
    email_notification: true,
    sms_payment_details: true,
    customer_phone: "+96550000000",
    email_recipients: "accounts@merchant.example",
  },
};

/** What an old shop plugin posts: a form, every value a string. */
export const legacyFormRequest =
  "amount=86.000&currency_code=KWD&gateway_code=sandbox&order_no=WC-1001&customer_email=sara%40example.com&email_notification=True&email_payment_details=1&initiator=7";

export const legacyAnswerExample = {
  session_id: EXAMPLE_SESSION_ID,
  reference_number: null,
  order_no: "WC-1001",
  amount: "86.000",
  currency_code: "KWD",
  state: "created",
  url: PAGE,
  payment_url: PAGE,
  checkout_url: PAGE,
};

const CHOSEN = {
  e_commerce: "`/pos/crt/` creates an e-commerce transaction",
  payment_request: "`/pos/d/crt/` creates a payment request",
};

const description = (variant: LegacyVariant) => `**Deprecated**: new integrations use \`POST /b/checkout/v1/pymt-txn/\`. ${CHOSEN[variant]} unless \`type\` names the other variant; every path answers with and without its trailing slash. Required: ${REQUIRED[variant].map((f) => `\`${f}\``).join(", ")}${variant === "payment_request" ? " (without `gateway_code`: every gateway the caller may use that takes the currency; `attachment` in multipart bodies: pdf, jpeg, png, doc or docx, checked by content)" : " (`capture_address` and `capture_delivery` too while the admin's multi-step checkout is on)"}.

- **Credentials**: those of the checkout interface (a Basic user only with their gateway codes), or none from an address the admin allows (Settings, "Callers allowed without credentials"), acting with every gateway code.
- **Defaults**: missing \`customer_address_*\` fields from the admin's default address; \`redirect_url\` and \`disclosure_url\` from the admin's defaults, required when there is none.
- **Flags**: \`email_notification\` / \`sms_notification\` send the payment link, \`email_payment_details\` / \`sms_payment_details\` the result (paid, authorized, failed, canceled; an error counts as failed), in the transaction's \`language\`; each needs \`customer_email\` / \`customer_phone\`.
- **Booleans** accept true/false, 1/0, on/off and yes/no in any case. Fields the table does not list for the variant are ignored, like unknown keys.
- **Answer**: \`url\`, \`payment_url\` and \`checkout_url\` are the same hosted page; \`reference_number\` is null until the customer pays (each payment attempt has its own; the result carries it). The transaction reads back at \`GET /b/checkout/v1/pymt-txn/{session_id}\`.`;

function requestSchema(variant: LegacyVariant): JsonSchema {
  const schema = jsonSchema(LEGACY_SCHEMAS[variant], "input");
  return { ...schema, required: REQUIRED[variant], description: "Unknown keys are ignored; null or an empty string counts as not given." };
}

const ATTACHMENT = { type: "string", format: "binary", description: "pdf, jpeg, png, doc or docx (checked by content), at most 5 MiB." };

function operation(variant: LegacyVariant) {
  const schema = requestSchema(variant);
  const multipart =
    variant === "payment_request" ? { ...schema, properties: { ...(schema.properties as JsonSchema), attachment: ATTACHMENT } } : schema;
  return {
    post: {
      operationId: variant === "e_commerce" ? "legacyCreateECommerce" : "legacyCreatePaymentRequest",
      tags: TAGS,
      summary: variant === "e_commerce" ? "Legacy: e-commerce" : "Legacy: payment request",
      description: description(variant),
      deprecated: true,
      // `{}`: no credentials, from an address the admin allows.
      security: [...AUTH, {}],
      requestBody: {
        required: true,
        content: {
          "application/json": { schema, examples: { request: { summary: "A JSON request", value: legacyRequests[variant] } } },
          "application/x-www-form-urlencoded": { schema, examples: { plugin: { summary: "As old shop plugins post it", value: legacyFormRequest } } },
          "multipart/form-data": { schema: multipart },
        },
      },
      responses: {
        201: {
          description: "Created: the transaction is `created`; send the customer to `url`.",
          headers: { "X-Request-Id": ref("headers", "X-Request-Id"), "Cache-Control": ref("headers", "Cache-Control") },
          content: {
            "application/json": {
              schema: jsonSchema(legacyAnswerSchema, "output"),
              examples: { created: { summary: "Created", value: { ...legacyAnswerExample, order_no: legacyRequests[variant].order_no, amount: legacyRequests[variant].amount } } },
            },
          },
        },
        400: {
          description: "Field errors (each names the field and the limit), or an unparsable body.",
          headers: { "X-Request-Id": ref("headers", "X-Request-Id") },
          content: {
            "application/json": {
              schema: { oneOf: [ref("schemas", "FieldErrors"), ref("schemas", "Detail")] },
              examples: {
                limits: {
                  summary: "Over the limits",
                  value: { customer_phone: ["Ensure this field has no more than 16 characters."], customer_address_city: ["Ensure this field has no more than 40 characters."] },
                },
                flag: { summary: "A flag without its contact", value: { sms_notification: ["customer_phone is required when sms_notification is on: it is where the payment link goes."] } },
                gateway: { summary: "A gateway the caller may not use", value: { gateway_code: ["Unknown gateway code or not allowed for you: knet."] } },
              },
            },
          },
        },
        ...errors("Unauthorized", "Forbidden", "MethodNotAllowed", "PayloadTooLarge", "UnsupportedMediaType", "TooManyRequests", "InternalError"),
      },
    },
  };
}

export const legacyPaths = {
  "/pos/crt/": operation("e_commerce"),
  "/pos/d/crt/": operation("payment_request"),
};
