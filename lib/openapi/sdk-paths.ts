import { EXAMPLE_SESSION_ID, sdkSetupExample } from "./openapi-examples";
import { errors, ref } from "./openapi-helpers";

// The Checkout SDK's two endpoints (the embedded checkout in a merchant's page calls them from the customer's
// browser), and their CORS preflights. docs/embedded-checkout.md tells the whole story.

const TAGS = ["Checkout SDK"];
const BASE = "https://pay.example.com";

export const PUBLIC_KEY_SECURITY = [{ PublicKey: [] }];

const RULES = `A **public key** (\`Authorization: Api-Key pk_…\`) only, sent by a browser from one of the key's allowed origins: the
request's \`Origin\` must be one of them exactly (scheme, host, port). No or other credentials (a private key included): 401. No
\`Origin\`, or one the key does not list: 403, with no CORS allowance. Otherwise the answer, its errors included, carries
\`Access-Control-Allow-Origin: <that origin>\` and \`Vary: Origin\`.`;

const headers = (...names: string[]) => Object.fromEntries(["X-Request-Id", ...names].map((h) => [h, ref("headers", h)]));

const detail = (description: string, examples: Record<string, string>) => ({
  description,
  headers: headers(),
  content: {
    "application/json": {
      schema: ref("schemas", "Detail"),
      examples: Object.fromEntries(Object.entries(examples).map(([name, text]) => [name, { summary: text.split(":")[0], value: { detail: text } }])),
    },
  },
});

const REFUSALS = {
  401: detail("No public key, or a dead one, or other credentials (a private key must never reach a browser).", {
    privateKey: "This is a private key: it must stay on your server. The SDK endpoints take 'Authorization: Api-Key <public key>' (pk_…), created with its allowed origins in the panel or the CLI.",
    revoked: "This API key has been revoked.",
  }),
  403: detail("No `Origin` (not a browser), or an origin the key does not list: no CORS allowance.", {
    foreignOrigin: "This page's origin is not among the public key's allowed origins: add it to a public key in the panel or the CLI.",
  }),
  404: detail("An unknown, malformed or deleted session id.", { notFound: "No such transaction." }),
};

const closed = "This transaction is already paid: there is nothing left to pay.";

const preflight = (method: string, operationId: string) => ({
  operationId,
  tags: TAGS,
  summary: `Preflight (${method})`,
  description: `The browser's CORS preflight (no credentials). Allowed (204) for an origin some live public key lists, with \`Access-Control-Allow-Methods: ${method}, OPTIONS\`, \`Access-Control-Allow-Headers: Authorization, Content-Type\` and \`Access-Control-Max-Age: 600\`; the request that follows is checked against its own key. Any other origin: 403, no allowance.`,
  security: [],
  responses: {
    204: { description: "Allowed: `Access-Control-Allow-Origin` names the origin." },
    403: REFUSALS[403],
  },
});

const sessionParameter = { name: "session_id", in: "path", required: true, schema: { type: "string" }, example: EXAMPLE_SESSION_ID };

export const sdkPaths = {
  "/b/checkout/api/sdk/v1/pymt-txn/submit/{session_id}/": {
    parameters: [sessionParameter],
    get: {
      operationId: "getSdkSetup",
      tags: TAGS,
      summary: "SDK: checkout setup",
      description: `What the embedded checkout renders: amount, merchant, language, deadline, the enabled payment methods with
their fees, icons and flow, and with \`customer_id\` the customer's saved cards (masked). Reads only. ${RULES} Create returns the
same body as \`sdk_setup_preload_payload\` when asked with \`include_sdk_setup_preload: true\`.`,
      security: PUBLIC_KEY_SECURITY,
      responses: {
        200: {
          description: "The setup.",
          headers: headers("Cache-Control"),
          content: { "application/json": { schema: ref("schemas", "SdkSetup"), examples: { created: { summary: "A transaction to pay", value: sdkSetupExample } } } },
        },
        ...REFUSALS,
        409: detail("The transaction can no longer be paid: paid, expired, canceled, failed …", { paid: closed, expired: "This payment link has expired." }),
        ...errors("InternalError"),
      },
    },
    options: preflight("GET", "preflightSdkSetup"),
  },
  "/b/checkout/api/sdk/v1/submit/{session_id}/": {
    parameters: [sessionParameter],
    post: {
      operationId: "submitSdkPayment",
      tags: TAGS,
      summary: "SDK: pay",
      description: `Starts the payment exactly as the hosted page's Pay does: one live attempt at a time (an earlier one still
waiting for the card is released), the method's fee, the deadline. ${RULES}`,
      security: PUBLIC_KEY_SECURITY,
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: ref("schemas", "SdkSubmitRequest"),
            examples: { method: { summary: "A payment method", value: { pg_code: "sandbox" } }, savedCard: { summary: "A saved card", value: { pg_code: "sandbox", token: "tok_7f3a9c2e41d8b6a0" } } },
          },
          "application/x-www-form-urlencoded": { schema: ref("schemas", "SdkSubmitRequest") },
        },
      },
      responses: {
        200: {
          description: "Started: send the customer to `redirect_url` (inside the frame when the method's flow is `frame`, the whole window otherwise).",
          headers: headers("Cache-Control"),
          content: {
            "application/json": {
              schema: ref("schemas", "SdkSubmitAnswer"),
              examples: { redirect: { summary: "To the gateway's page", value: { status: "redirect", message: "Continue on the payment page.", redirect_url: `${BASE}/sandbox/pay/CK9D2E4F6A8B0C1D3E` } } },
            },
          },
        },
        400: {
          description: "Field errors: no `pg_code`, one the transaction does not offer, a token that is not a saved card of its customer on that gateway; or an unparsable body.",
          headers: headers(),
          content: {
            "application/json": {
              schema: { oneOf: [ref("schemas", "FieldErrors"), ref("schemas", "Detail")] },
              examples: { pgCode: { summary: "No such method", value: { pg_code: ["This transaction has no payment method knet: use one of its payment_methods[].pg_code."] } } },
            },
          },
        },
        ...REFUSALS,
        409: {
          description: "Nothing started: the transaction can no longer be paid (paid, expired, canceled …), or an earlier payment's card is still with the bank.",
          headers: headers(),
          content: {
            "application/json": {
              schema: ref("schemas", "SdkSubmitAnswer"),
              examples: { paid: { summary: "Already paid", value: { status: "error", message: closed, redirect_url: null, detail: closed } } },
            },
          },
        },
        502: {
          description: "The gateway cannot take a payment now (unreachable, refusing our credentials): nothing started.",
          headers: headers(),
          content: { "application/json": { schema: ref("schemas", "SdkSubmitAnswer") } },
        },
        ...errors("PayloadTooLarge", "UnsupportedMediaType", "InternalError"),
      },
    },
    options: preflight("POST", "preflightSdkSubmit"),
  },
};
