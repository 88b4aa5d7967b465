import { cardSchema, deleteCardQuerySchema, listCardsRequestSchema } from "@/lib/checkout/cards/card-schemas";
import { paymentMethodsAnswerSchema, paymentMethodsRequestSchema } from "@/lib/checkout/payment-methods/payment-methods-schemas";
import { errorExamples } from "./openapi-examples";
import { jsonSchema } from "./json-schema";
import { AUTH, errors, ref } from "./openapi-helpers";

// POST /b/pbl/v2/payment-methods/, POST /b/pbl/v2/card/ and DELETE /b/pbl/v2/card/{token}/ (ottu-py's
// get_payment_methods and cards.list / get / delete). With and without the trailing slash; other methods 405.
// The schemas are generated from the zod schemas that validate the requests; tests parse the examples with them.

const TAGS = ["Saved cards"];
const BASE = "https://pay.example.com";

export const cardExamples = {
  preferred: {
    customer_id: "cust-42",
    brand: "VISA",
    name_on_card: "SARA AHMAD",
    number: "**** 1111",
    expiry_month: "12",
    expiry_year: "39",
    token: "tok_7f3a9c2e41d8b6a0",
    pg_code: "sandbox",
    is_preferred: true,
    is_expired: false,
    will_expire_soon: false,
    cvv_required: true,
    agreements: ["sub-42"],
  },
  older: {
    customer_id: "cust-42",
    brand: "MASTERCARD",
    name_on_card: null,
    number: "**** 4444",
    expiry_month: "01",
    expiry_year: "24",
    token: "tok_0b1c2d3e4f5a6b7c",
    pg_code: "sandbox",
    is_preferred: false,
    is_expired: true,
    will_expire_soon: false,
    cvv_required: true,
    agreements: [],
  },
};

export const cardRequestExamples = {
  paymentMethods: {
    ottuPy: {
      summary: "As ottu-py's get_payment_methods sends it",
      value: { plugin: "e_commerce", currencies: ["KWD"], customer_id: "cust-42", tokenizable: true, type: "sandbox" },
    },
    authorize: { summary: "Gateways that authorize USD", value: { plugin: "payment_request", currencies: "usd", operation: "authorize" } },
  },
  listCards: {
    ottuPy: { summary: "As ottu-py's cards.list sends it", value: { type: "sandbox", customer_id: "cust-42" } },
    filtered: { summary: "The card of one agreement", value: { customer_id: "cust-42", pg_codes: ["sandbox"], agreement_id: "sub-42" } },
  },
};

export const paymentMethodsExample = {
  payment_methods: [
    {
      code: "sandbox",
      name: "Sandbox card",
      pg: "sandbox",
      is_sandbox: true,
      logo: `${BASE}/icons/sandbox.svg`,
      wallets: [],
      default_currency: "KWD",
      accepted_currencies: ["KWD", "USD"],
      operation: "purchase",
      operations: ["refund"],
    },
  ],
  customer_payment_methods: [cardExamples.preferred],
};

const CARD_NOT_FOUND = { detail: "No saved card with this token for this customer." };
const CUSTOMER_REQUIRED = { customer_id: ["This field is required."] };

const PAYMENT_METHODS_DESCRIPTION = `The enabled gateways a transaction can be created with: only those the caller may use (a Basic user, that
user's gateway codes), that accept **every** currency in \`currencies\` and match \`operation\`, \`tokenizable\`, \`pg_names\` and
\`type\`; by code. Sandbox (test-mode) gateways are listed only with \`type=sandbox\`: without \`type\` (or with \`production\`) only
production gateways, since a transaction never mixes the two. ottu-py's checkout_autoflow takes its \`pg_codes\` from here. With \`customer_id\`, the customer's saved
cards on those gateways too (\`customer_payment_methods\`, newest saved or used first). Api-Key or Basic.`;

const LIST_DESCRIPTION = `A customer's saved cards as a **bare JSON array**, newest saved or used first; the first is \`is_preferred\`.
Only cards on gateways the caller may use (a Basic user, that user's gateway codes); deleted cards never appear. Only the last
four digits of a number are ever shown, never a CVV. Api-Key or Basic.`;

const DELETE_DESCRIPTION = `Removes a saved card: it no longer appears and cannot be charged, its auto-debit agreements lose it, and the
gateway is asked to forget the token. \`customer_id\` (and \`type\`) are query parameters, as ottu-py sends them. A token that is
unknown, already deleted, another customer's, on a gateway the caller may not use, or of the other \`type\` answers 404. Api-Key or Basic.`;

const headers = (...names: string[]) => Object.fromEntries(["X-Request-Id", ...names].map((h) => [h, ref("headers", h)]));

const requestBody = (schema: Record<string, unknown>, examples: Record<string, { summary: string; value: unknown }>, form: string) => ({
  required: true,
  content: {
    "application/json": { schema, examples },
    "application/x-www-form-urlencoded": { schema, examples: { form: { summary: "Form fields; a list as repeated fields", value: form } } },
    "multipart/form-data": { schema },
  },
});

const badRequest = (description: string, fields: Record<string, { summary: string; value: unknown }>) => ({
  description,
  headers: headers(),
  content: {
    "application/json": {
      schema: { oneOf: [ref("schemas", "FieldErrors"), ref("schemas", "Detail")] },
      examples: { ...fields, badJson: errorExamples.badJson },
    },
  },
});

/** DELETE's query parameters, from the schema that reads them. */
function queryParameters() {
  const { properties = {}, required = [] } = jsonSchema(deleteCardQuerySchema, "input") as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, { description, example, ...schema }]) => ({
    name,
    in: "query",
    required: required.includes(name),
    description,
    schema,
    example: example ?? (name === "customer_id" ? "cust-42" : "sandbox"),
  }));
}

const COMMON_ERRORS = errors("Unauthorized", "PayloadTooLarge", "UnsupportedMediaType", "TooManyRequests", "InternalError");

export const cardPaths = {
  "/b/pbl/v2/payment-methods/": {
    post: {
      operationId: "listPaymentMethods",
      tags: TAGS,
      summary: "Payment methods",
      description: PAYMENT_METHODS_DESCRIPTION,
      security: AUTH,
      requestBody: requestBody(jsonSchema(paymentMethodsRequestSchema, "input"), cardRequestExamples.paymentMethods, "plugin=e_commerce&currencies=KWD&currencies=USD&tokenizable=true"),
      responses: {
        200: {
          description: "The matching gateways (possibly none) and the customer's saved cards on them.",
          headers: headers("Cache-Control"),
          content: {
            "application/json": {
              schema: jsonSchema(paymentMethodsAnswerSchema, "output"),
              examples: { withCards: { summary: "One gateway, one saved card", value: paymentMethodsExample } },
            },
          },
        },
        400: badRequest("Field errors (a missing or unknown plugin, a malformed currency code, …), or an unparsable body. A well-formed currency no gateway accepts is no error: it matches nothing.", {
          fields: {
            summary: "Field errors",
            value: { plugin: ["This field is required."], currencies: ["Enter 3-letter ISO 4217 currency codes, for example KWD."] },
          },
        }),
        ...COMMON_ERRORS,
      },
    },
  },
  "/b/pbl/v2/card/": {
    post: {
      operationId: "listSavedCards",
      tags: TAGS,
      summary: "List saved cards",
      description: LIST_DESCRIPTION,
      security: AUTH,
      requestBody: requestBody(jsonSchema(listCardsRequestSchema, "input"), cardRequestExamples.listCards, "type=sandbox&customer_id=cust-42"),
      responses: {
        200: {
          description: "The customer's cards (an empty array when there are none).",
          headers: headers("Cache-Control"),
          content: {
            "application/json": {
              schema: { type: "array", items: jsonSchema(cardSchema, "output") },
              examples: { cards: { summary: "Two cards, one expired", value: [cardExamples.preferred, cardExamples.older] }, none: { summary: "No cards", value: [] } },
            },
          },
        },
        400: badRequest("customer_id missing, a bad type, or an unparsable body.", { fields: { summary: "No customer_id", value: CUSTOMER_REQUIRED } }),
        ...COMMON_ERRORS,
      },
    },
  },
  "/b/pbl/v2/card/{token}/": {
    parameters: [
      { name: "token", in: "path", required: true, description: "The card's token, as listed.", schema: { type: "string" }, example: cardExamples.preferred.token },
    ],
    delete: {
      operationId: "deleteSavedCard",
      tags: TAGS,
      summary: "Delete a saved card",
      description: DELETE_DESCRIPTION,
      security: AUTH,
      parameters: queryParameters(),
      responses: {
        204: { description: "Deleted; no body (ottu-py reads it as {}).", headers: headers() },
        400: badRequest("customer_id missing or a bad type.", { fields: { summary: "No customer_id", value: CUSTOMER_REQUIRED } }),
        ...errors("Unauthorized"),
        404: {
          description: "No such card of this customer that the caller may see: unknown, already deleted, another customer's, or on another gateway.",
          headers: headers(),
          content: { "application/json": { schema: ref("schemas", "Detail"), examples: { notFound: { summary: "No such card", value: CARD_NOT_FOUND } } } },
        },
        ...errors("TooManyRequests", "InternalError"),
      },
    },
  },
};
