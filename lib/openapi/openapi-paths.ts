import { formRequest, fullRequest, patchRequest, representationExamples, smallestRequest } from "./openapi-examples";
import { responses as errorResponses } from "./openapi-components";
import { AUTH, type ErrorResponseName, errors, ref } from "./openapi-helpers";

// The operations of the checkout API v1. Every path also answers with (or without) a trailing slash.
// Summaries are the sidebar labels of /docs: keep them short enough for one line there (e2e/api-reference.spec.ts).

const TAGS = ["Payment transactions"];

const WRITE_ERRORS: ErrorResponseName[] = ["BadRequest", "Unauthorized", "Forbidden", "Conflict", "PayloadTooLarge", "UnsupportedMediaType", "TooManyRequests", "InternalError"];

const transaction = (description: string, examples: (keyof typeof representationExamples)[], extraHeaders: string[] = []) => ({
  description,
  headers: Object.fromEntries(["X-Request-Id", "Cache-Control", ...extraHeaders].map((h) => [h, ref("headers", h)])),
  content: {
    "application/json": {
      schema: ref("schemas", "Transaction"),
      examples: Object.fromEntries(examples.map((e) => [e, representationExamples[e]])),
    },
  },
});

const FORM_ENCODING = {
  pg_codes: { style: "form", explode: true },
  email_recipients: { style: "form", explode: true },
  billing_address: { style: "deepObject", explode: true },
  notifications: { style: "deepObject", explode: true },
  extra: { style: "deepObject", explode: true },
};

const MULTIPART_ENCODING = {
  billing_address: { contentType: "application/json" },
  notifications: { contentType: "application/json" },
  extra: { contentType: "application/json" },
  attachment: { contentType: "application/pdf, image/jpeg, image/png, application/msword, application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
};

const body = (schema: "TransactionRequest" | "TransactionPatch", examples: Record<string, { summary: string; value: unknown }>) => ({
  required: true,
  content: {
    "application/json": { schema: ref("schemas", schema), examples },
    "application/x-www-form-urlencoded": { schema: ref("schemas", schema), encoding: FORM_ENCODING },
    "multipart/form-data": { schema: ref("schemas", schema === "TransactionPatch" ? "TransactionPatchMultipart" : "TransactionMultipart"), encoding: MULTIPART_ENCODING },
  },
});

const createExamples = {
  smallest: { summary: "Smallest request", value: smallestRequest },
  full: { summary: "Every field", value: fullRequest },
};

export const paths = {
  "/b/checkout/v1/pymt-txn/": {
    post: {
      operationId: "createTransaction",
      tags: TAGS,
      summary: "Create a transaction",
      description: `Creates a transaction in state \`created\` and returns it with its \`checkout_url\` and \`payment_methods\`. Required: \`pg_codes\`, \`amount\`, \`currency_code\`. Form-urlencoded example: \`${formRequest}\`.`,
      security: AUTH,
      parameters: [ref("parameters", "IdempotencyKey")],
      requestBody: body("TransactionRequest", createExamples),
      responses: {
        201: transaction(
          "Created (or, with `Idempotent-Replayed: true`, the first response to this Idempotency-Key). With `include_sdk_setup_preload: true`, `sdk_setup_preload_payload` holds the Checkout SDK's setup (computed for each answer, a replay's included).",
          ["smallest", "fullCreated"],
          ["Idempotent-Replayed"],
        ),
        ...errors(...WRITE_ERRORS),
        // Not an operation of its own: the answer to a create sent to a transaction's path.
        405: {
          description:
            "A POST to `/b/checkout/v1/pymt-txn/{session_id}`: create takes no session id in its path, and a transaction is changed with PATCH or PUT there. `Allow` names the methods that path takes.",
          headers: errorResponses.MethodNotAllowed.headers,
          content: {
            "application/json": {
              schema: ref("schemas", "Detail"),
              examples: {
                postWithSessionId: { summary: "POST naming a session id", value: { detail: 'Method "POST" not allowed. Allowed: GET, PATCH, PUT.' } },
              },
            },
          },
        },
      },
    },
  },
  "/b/checkout/v1/pymt-txn/{session_id}": {
    parameters: [ref("parameters", "SessionId")],
    get: {
      operationId: "getTransaction",
      tags: TAGS,
      summary: "Read a transaction",
      description: "Public: the session id (160 random bits) is the capability, so no credentials are needed.",
      security: [],
      responses: { 200: transaction("The transaction.", ["smallest", "full"]), ...errors("NotFound", "InternalError") },
    },
    patch: {
      operationId: "patchTransaction",
      tags: TAGS,
      summary: "Update a transaction",
      description: "Changes only the fields given, and only while the transaction is `created` or `attempted` (409 otherwise). Cross-field rules are checked against the merged transaction; `payment_methods` are recomputed. A `session_id` in the body is ignored. A Basic user gets 404, exactly as for an unknown id and before the body is read, on a transaction naming any gateway they may not use.",
      security: AUTH,
      requestBody: body("TransactionPatch", { patch: { summary: "Change the amount and notify by e-mail", value: patchRequest } }),
      responses: { 200: transaction("The changed transaction.", ["patched"]), ...errors("NotFound", ...WRITE_ERRORS) },
    },
    put: {
      operationId: "replaceTransaction",
      tags: TAGS,
      summary: "Replace a transaction",
      description: "Like PATCH, but every writable field is replaced: fields not given return to their defaults, except `payment_type` and `agreement`, which are kept unless given (null turns the transaction one_off / removes its agreement).",
      security: AUTH,
      requestBody: body("TransactionRequest", createExamples),
      responses: { 200: transaction("The replaced transaction.", ["smallest", "full"]), ...errors("NotFound", ...WRITE_ERRORS) },
    },
  },
  "/b/checkout/v1/attachments/{token}": {
    get: {
      operationId: "getAttachment",
      tags: ["Attachments"],
      summary: "Download an attachment",
      description: "The URL in a transaction's `attachment` field; the random token is the capability.",
      security: [],
      parameters: [{ name: "token", in: "path", required: true, schema: { type: "string" }, description: "From the attachment URL." }],
      responses: {
        200: {
          description: "The file, with its stored content type and a Content-Disposition naming it.",
          content: Object.fromEntries(
            ["application/pdf", "image/jpeg", "image/png", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"].map(
              (type) => [type, { schema: { type: "string", contentMediaType: type } }],
            ),
          ),
        },
        ...errors("NotFound", "InternalError"),
      },
    },
  },
};
