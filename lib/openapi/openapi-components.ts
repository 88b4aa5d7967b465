import { z } from "zod";
import { JSON_LIMIT, MULTIPART_LIMIT } from "@/lib/http/parse-body";
import { REQUIRED_FIELDS } from "@/lib/checkout/transactions/read-fields";
import { transactionFieldsSchema } from "@/lib/checkout/transactions/transaction-fields";
import { transactionRepresentationSchema } from "@/lib/checkout/transactions/transaction-representation-schema";
import { sdkSetupSchema, sdkSubmitAnswerSchema, sdkSubmitRequestSchema } from "@/lib/checkout/sdk/sdk-schemas";
import { errorExamples } from "./openapi-examples";
import { type JsonSchema, jsonSchema } from "./json-schema";
import { inquiryRequestSchema, moneyResultSchema, operationRequestSchema, stateResultSchema } from "./operation-schemas";

// Reusable parts of the OpenAPI document: schemas generated from the zod schemas the service uses, error
// responses in the two shapes of the contract, headers and security schemes.

const detailSchema = z
  .object({
    detail: z.string().meta({ description: "What is wrong and what is allowed." }),
    request_id: z.string().optional().meta({ description: "Only on 5xx: the id of the request in the logs." }),
  })
  .meta({ description: "Every error other than field validation." });

const fieldErrorsSchema = z
  .record(z.string(), z.union([z.array(z.string()), z.record(z.string(), z.array(z.string()))]))
  .meta({ description: "Messages per field; nested objects (billing_address, notifications) nest their messages." });

const NULLS = "In every body, null or an empty string counts as not given (clients drop falsy values); on PATCH it resets the field to its default.";

const MULTIPART =
  "Form fields plus an optional file part `attachment`. Repeat a field for a list; send objects as JSON text or `billing_address[line1]` keys.";

function requestSchemas() {
  const fields = jsonSchema(transactionFieldsSchema, "input");
  const properties = fields.properties as Record<string, JsonSchema>;
  const withRequired = { ...fields, required: REQUIRED_FIELDS };
  const attachment = {
    type: "string",
    format: "binary",
    contentMediaType: "application/octet-stream",
    description: "pdf, jpeg, png, doc or docx (checked by content), at most 5 MiB; multipart only. Returned as a download URL.",
  };
  return {
    TransactionRequest: { ...withRequired, description: `Create (POST) or replace (PUT). Unknown keys are ignored. ${NULLS}` },
    TransactionPatch: { ...fields, description: `Partial update: only the fields given change. ${NULLS}` },
    TransactionMultipart: { ...withRequired, description: MULTIPART, properties: { ...properties, attachment } },
    TransactionPatchMultipart: { ...fields, description: MULTIPART, properties: { ...properties, attachment } },
  };
}

const header = (description: string, example?: string) => ({ description, schema: { type: "string", ...(example ? { example } : {}) } });

export const headers = {
  "X-Request-Id": header("Id of this request in the logs (kept from the request's X-Request-Id when sane).", "5f0c1c3e-2d4b-4c1a-9a53-0d6c3c1f2b7e"),
  "Cache-Control": header("Payment responses are never cached.", "no-store"),
  "Idempotent-Replayed": header("true when this is the stored response of an earlier request with the same Idempotency-Key (Tracking-Key on operations).", "true"),
  "WWW-Authenticate": header(
    "The Api-Key scheme. Basic credentials are accepted as well, but are not offered here: a challenge naming Basic would have a browser prompt for them and keep sending them.",
    'Api-Key realm="api"',
  ),
  Allow: header("Methods this path takes.", "GET, PATCH, PUT"),
  "Retry-After": header("Seconds to wait before trying again.", "900"),
};

const KEY_RULE = "1–255 visible ASCII characters, per caller.";
// No `example` on the key parameters (the example goes in the text): /docs would fill it into every "Test Request",
// and a fixed key replays the first answer, or answers 409 once the body is edited.
const KEY_SCHEMA = { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" };

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const detail = (description: string, examples: (keyof typeof errorExamples)[], extra: (keyof typeof headers)[] = []) => ({
  description,
  headers: Object.fromEntries(["X-Request-Id", ...extra].map((h) => [h, ref("headers", h)])),
  content: {
    "application/json": {
      schema: ref("schemas", "Detail"),
      examples: Object.fromEntries(examples.map((e) => [e, errorExamples[e]])),
    },
  },
});

export const responses = {
  BadRequest: {
    description: "Field errors, or a body that cannot be parsed.",
    headers: { "X-Request-Id": ref("headers", "X-Request-Id") },
    content: {
      "application/json": {
        schema: { oneOf: [ref("schemas", "FieldErrors"), ref("schemas", "Detail")] },
        examples: { fields: errorExamples.fields, badJson: errorExamples.badJson },
      },
    },
  },
  Unauthorized: detail("No credentials, or bad ones.", ["unauthorized"], ["WWW-Authenticate"]),
  Forbidden: detail("A known caller that may not do this.", ["forbidden"]),
  NotFound: detail("No such transaction (or attachment).", ["notFound"]),
  MethodNotAllowed: detail("The path does not take this method.", ["methodNotAllowed"], ["Allow"]),
  Conflict: detail("The transaction can no longer be changed, or an Idempotency-Key was reused with another body.", [
    "conflict",
    "idempotencyConflict",
  ]),
  PayloadTooLarge: detail(
    `Body over the limit: JSON and form ${JSON_LIMIT / 1024 / 1024} MiB, multipart ${MULTIPART_LIMIT / 1024 / 1024} MiB.`,
    ["tooLarge"],
  ),
  UnsupportedMediaType: detail("Not JSON, form-urlencoded or multipart.", ["unsupported"]),
  TooManyRequests: detail("Too many failed Basic logins from this client or for this user.", ["tooMany"], ["Retry-After"]),
  InternalError: {
    description: "An unexpected error; the body names only the request id, which is also in the logs.",
    headers: { "X-Request-Id": ref("headers", "X-Request-Id") },
    content: {
      "application/json": {
        schema: ref("schemas", "Detail"),
        example: { detail: "Internal server error.", request_id: "5f0c1c3e-2d4b-4c1a-9a53-0d6c3c1f2b7e" },
      },
    },
  },
};

export function components() {
  return {
    schemas: {
      ...requestSchemas(),
      Transaction: jsonSchema(transactionRepresentationSchema, "output"),
      FieldErrors: jsonSchema(fieldErrorsSchema, "output"),
      Detail: jsonSchema(detailSchema, "output"),
      OperationRequest: jsonSchema(operationRequestSchema, "input"),
      InquiryRequest: jsonSchema(inquiryRequestSchema, "input"),
      MoneyOperationResult: jsonSchema(moneyResultSchema, "output"),
      StateOperationResult: jsonSchema(stateResultSchema, "output"),
      SdkSetup: jsonSchema(sdkSetupSchema, "output"),
      SdkSubmitRequest: jsonSchema(sdkSubmitRequestSchema, "input"),
      SdkSubmitAnswer: jsonSchema(sdkSubmitAnswerSchema, "output"),
    },
    responses,
    headers,
    parameters: {
      SessionId: {
        name: "session_id",
        in: "path",
        required: true,
        description: "The transaction's session id (40 lower-case hex characters).",
        schema: { type: "string", pattern: "^[0-9a-f]{40}$" },
        example: "4d4a1b2f0c9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a",
      },
      IdempotencyKey: {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description: `${KEY_RULE} The same key with the same body returns the first response again (kept 24 hours); with another body, 409. Use a new key for every new transaction, for example \`order-1001-attempt-1\`.`,
        schema: KEY_SCHEMA,
      },
      TrackingKey: {
        name: "Tracking-Key",
        in: "header",
        required: false,
        description: `${KEY_RULE} Kept 24 hours: the same key with the same body returns the first answer again (\`Idempotent-Replayed: true\`) without calling the gateway again; with another body, 409. Use a new key for every new operation, for example \`refund-ORD-1001-1\`.`,
        schema: KEY_SCHEMA,
      },
      OperationIdempotencyKey: {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description: "The same as Tracking-Key. Sending both with different values is a 400.",
        schema: KEY_SCHEMA,
      },
    },
    securitySchemes: {
      ApiKey: {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: "`Authorization: Api-Key <your key>`: every gateway code and operation of the merchant. Enter the whole value, `Api-Key ` included.",
      },
      Basic: {
        type: "http",
        scheme: "basic",
        description: "An admin-panel user: only the gateway codes and actions that user is allowed.",
      },
      PublicKey: {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description:
          "`Authorization: Api-Key <public key>` (`pk_…`): the Checkout SDK's endpoints only, from a browser on one of the key's allowed origins. Refused (401) everywhere else.",
      },
    },
  };
}
