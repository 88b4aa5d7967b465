import { errorExamples, representationExamples } from "./openapi-examples";
import { AUTH, errors, ref } from "./openapi-helpers";
import {
  inquiryRequests,
  type OperationScenario,
  operationErrorExamples,
  operationScenarios,
  type OperationScenarioName,
} from "./operation-examples";

// POST /b/pbl/v2/operation/ and /b/pbl/v2/inquiry/ (the interface's operations and payment status inquiry).
// Both answer with and without the trailing slash; other methods answer 405.

const TAGS = ["Operations"];

const OPERATION_DESCRIPTION = `Refund, capture or void money at the gateway, or cancel, expire or delete the transaction.
Api-Key, or Basic with the permission named like the operation (\`refund\`, \`capture\`, \`void\`, \`cancel\`, \`expire\`, \`delete\`).

- **refund**: a paid or captured transaction, in parts or all at once, up to what was paid (or captured) including the fee; \`refunded\` when nothing remains.
- **capture**: an authorization, once, in full or in part; the rest is released (\`voided_amount\`). Then refunds up to the captured amount.
- **void**: the whole authorization (fee included); \`amount\` is not taken.
- **cancel** / **expire**: a link not paid yet (\`created\`, \`attempted\`, \`pending\`); an attempt still at the gateway is released, and a payment that succeeds anyway is given back automatically.
- **delete**: hides the transaction (GET and operations answer 404, the payment page shows it as not found) while its records stay; a \`created\` or \`attempted\` link is canceled on the way. A paid or authorized one must be refunded or voided first (409).

Refund, capture and void answer **200** when the gateway did it, **400** with the gateway's message when it refused (nothing moves), and **202** when it has not answered: the amount stays claimed (no other operation can take it) until the gateway's answer is known (an inquiry asks at once; the maintenance sweep asks again after a minute), and the operation's webhook follows.

**Tracking-Key** (or Idempotency-Key): the same key and body within 24 hours return the first answer again (with \`Idempotent-Replayed: true\`, as it was then, without calling the gateway again); the same key with another body answers 409.`;

const INQUIRY_DESCRIPTION = `Asks the gateway about the transaction's payment attempts and refunds, captures or voids still waiting for an answer, settles them as a gateway callback would (webhooks follow), and returns the transaction. Api-Key, or Basic with the \`inquiry\` permission.`;

const given = (scenario: OperationScenario) => {
  if (!scenario.given) return undefined;
  const { pgCode, card } = scenario.given;
  const gateway = pgCode === "sandbox-auth" ? "`sandbox-auth` (authorize, 1.5 % fee: 87.290 authorized)" : "`sandbox`";
  return `On a transaction of 86.000 KWD on ${gateway}, ${card ? `paid with the sandbox card ${card}` : "not paid"}.`;
};

const exampleOf = (name: OperationScenarioName, part: "request" | "response") => {
  const scenario: OperationScenario = operationScenarios[name];
  const description = given(scenario);
  return { summary: scenario.summary, ...(description ? { description } : {}), value: scenario[part] };
};

const examples = (names: OperationScenarioName[], part: "request" | "response") =>
  Object.fromEntries(names.map((name) => [name, exampleOf(name, part)]));

const headers = (...names: string[]) => Object.fromEntries(["X-Request-Id", ...names].map((h) => [h, ref("headers", h)]));

const detail = (description: string, examples: Record<string, { summary: string; value: unknown }>, extra: string[] = []) => ({
  description,
  headers: headers(...extra),
  content: { "application/json": { schema: ref("schemas", "Detail"), examples } },
});

const requestBody = (schema: string, json: Record<string, unknown>, form: { summary: string; value: unknown }) => ({
  required: true,
  content: {
    "application/json": { schema: ref("schemas", schema), examples: json },
    "application/x-www-form-urlencoded": {
      schema: ref("schemas", schema),
      encoding: { extra: { style: "deepObject", explode: true } },
      examples: { form },
    },
    "multipart/form-data": { schema: ref("schemas", schema), encoding: { extra: { contentType: "application/json" } } },
  },
});

const MONEY = ref("schemas", "MoneyOperationResult");

export const operationPaths = {
  "/b/pbl/v2/operation/": {
    post: {
      operationId: "performOperation",
      tags: TAGS,
      summary: "Refund, capture, void, …",
      description: OPERATION_DESCRIPTION,
      security: AUTH,
      parameters: [ref("parameters", "TrackingKey"), ref("parameters", "OperationIdempotencyKey")],
      requestBody: requestBody(
        "OperationRequest",
        examples(["refund", "refundRest", "capture", "void", "cancel", "delete"], "request"),
        exampleOf("refund", "request"),
      ),
      responses: {
        200: {
          description: "Done: a refund, capture or void the gateway carried out, or the transaction canceled, expired or deleted.",
          headers: headers("Cache-Control", "Idempotent-Replayed"),
          content: {
            "application/json": {
              schema: { oneOf: [MONEY, ref("schemas", "StateOperationResult")] },
              examples: examples(["refund", "refundRest", "capture", "void", "cancel", "delete"], "response"),
            },
          },
        },
        202: {
          description: "The gateway has not answered yet: the operation is pending, its amount claimed, until the gateway's answer is known (POST /b/pbl/v2/inquiry/ asks at once); its webhook follows.",
          headers: headers("Cache-Control", "Idempotent-Replayed"),
          content: { "application/json": { schema: MONEY, examples: examples(["pending"], "response") } },
        },
        400: {
          description: "The gateway refused the refund, capture or void (result `failed`, nothing moved); field errors; an unparsable body; a bad Tracking-Key.",
          headers: headers("Cache-Control", "Idempotent-Replayed"),
          content: {
            "application/json": {
              schema: { oneOf: [MONEY, ref("schemas", "FieldErrors"), ref("schemas", "Detail")] },
              examples: {
                ...examples(["refused", "amountTooLarge", "badRequest"], "response"),
                keysDiffer: operationErrorExamples.keysDiffer,
                badJson: errorExamples.badJson,
              },
            },
          },
        },
        ...errors("Unauthorized"),
        403: detail("A Basic user without the operation's permission.", { forbidden: operationErrorExamples.forbidden }),
        404: detail("No such transaction: unknown, deleted, or naming a gateway the Basic user may not use (the same answer).", examples(["notFound"], "response")),
        409: detail("Not allowed in the transaction's state (the message lists what is), another capture or void in progress, or a Tracking-Key reused with another body.", {
          ...examples(["notAllowed", "deletePaid"], "response"),
          inProgress: operationErrorExamples.inProgress,
          trackingKeyReused: operationErrorExamples.trackingKeyReused,
        }),
        ...errors("PayloadTooLarge", "UnsupportedMediaType", "TooManyRequests", "InternalError"),
      },
    },
  },
  "/b/pbl/v2/inquiry/": {
    post: {
      operationId: "inquireTransaction",
      tags: TAGS,
      summary: "Payment status inquiry",
      description: INQUIRY_DESCRIPTION,
      security: AUTH,
      requestBody: requestBody("InquiryRequest", inquiryRequests, inquiryRequests.bySessionId),
      responses: {
        200: {
          description: "The transaction after the gateway's answers (the same representation as GET /b/checkout/v1/pymt-txn/{session_id}).",
          headers: headers("Cache-Control"),
          content: {
            "application/json": { schema: ref("schemas", "Transaction"), examples: { inquired: representationExamples.inquired } },
          },
        },
        400: {
          description: "Neither or both of session_id and order_no, or an unparsable body.",
          headers: headers(),
          content: {
            "application/json": {
              schema: { oneOf: [ref("schemas", "FieldErrors"), ref("schemas", "Detail")] },
              examples: { exactlyOne: operationErrorExamples.exactlyOne, badJson: errorExamples.badJson },
            },
          },
        },
        ...errors("Unauthorized"),
        403: detail("A Basic user without the inquiry permission.", { forbidden: operationErrorExamples.inquiryForbidden }),
        404: detail("No such transaction: unknown, deleted, or naming a gateway the Basic user may not use (the same answer).", examples(["notFound"], "response")),
        ...errors("PayloadTooLarge", "UnsupportedMediaType", "TooManyRequests", "InternalError"),
      },
    },
  },
};
