import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import type { MoneyAfter } from "@/db/queries/operations";
import { REFUSAL_MESSAGE } from "@/lib/gateways/sandbox/sandbox-operations";
import { readResendRequest } from "@/lib/delivery/notifications/read-resend-request";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { jsonSchema } from "@/lib/openapi/json-schema";
import { sdkSetupSchema, sdkSubmitAnswerSchema, sdkSubmitRequestSchema } from "@/lib/checkout/sdk/sdk-schemas";
import { uploadAnswerSchema } from "@/lib/openapi/link-paths";
import { resendAnswerSchema } from "@/lib/openapi/message-notification-paths";
import { EXAMPLE_HMAC_KEY, operationScenarios, REFUSED_DETAIL } from "@/lib/openapi/operation-examples";
import { moneyResultSchema, stateResultSchema } from "@/lib/openapi/operation-schemas";
import { moneyAnswer, stateAnswer } from "@/lib/checkout/operations/operation-answer";
import { OPERATIONS } from "@/lib/checkout/lifecycle/verbs";
import { readOperationRequest, readTarget } from "@/lib/checkout/operations/read-operation-request";
import { REQUIRED_FIELDS } from "@/lib/checkout/transactions/read-fields";
import { TRANSACTION_FIELDS, transactionFieldsSchema } from "@/lib/checkout/transactions/transaction-fields";
import { transactionRepresentationSchema } from "@/lib/checkout/transactions/transaction-representation-schema";
import { signPayment } from "@/lib/checkout/result/payment-signature";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const doc = buildOpenApiDocument() as unknown as Json;
const schemas = doc.components.schemas as Record<string, Json>;
const operations = Object.values(doc.paths as Json).flatMap((item: Json) =>
  ["get", "post", "put", "patch"].filter((m) => item[m]).map((m) => item[m] as Json),
);

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0].url).toMatch(/^https?:\/\//);
  });

  it("describes every operation of the checkout API", () => {
    expect(Object.keys(doc.paths["/b/checkout/v1/pymt-txn/"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/b/checkout/v1/pymt-txn/{session_id}"])).toEqual(["parameters", "get", "patch", "put"]);
    expect(Object.keys(doc.paths["/b/checkout/v1/attachments/{token}"])).toEqual(["get"]);
    expect(Object.keys(doc.paths["/b/checkout/v1/upload-attachment/"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/b/checkout/v1/qr/{file}"])).toEqual(["get"]);
    expect(Object.keys(doc.paths["/b/{code}"])).toEqual(["get"]);
    expect(Object.keys(doc.paths["/b/pbl/v2/operation/"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/b/pbl/v2/inquiry/"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/b/pbl/v2/message-notification/"])).toEqual(["post"]);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    const statuses = new Set(operations.flatMap((o) => Object.keys(o.responses)));
    for (const status of ["200", "201", "202", "400", "401", "403", "404", "405", "409", "413", "415", "429", "500"]) {
      expect(statuses).toContain(status);
    }
  });

  it("documents the 405 of a POST naming a session id as a response of create, not as an operation", () => {
    const create = doc.paths["/b/checkout/v1/pymt-txn/"].post;
    const notAllowed = create.responses["405"];
    expect(notAllowed.description).toContain("/b/checkout/v1/pymt-txn/{session_id}");
    expect(notAllowed.headers.Allow).toEqual({ $ref: "#/components/headers/Allow" });
    expect(Object.values(notAllowed.content["application/json"].examples)).toEqual([
      expect.objectContaining({ value: { detail: 'Method "POST" not allowed. Allowed: GET, PATCH, PUT.' } }),
    ]);
    expect(operations.map((o) => o.operationId)).not.toContain("postWithSessionId");
  });

  it("fills in no idempotency key for /docs to send, and keeps the summaries short enough for its sidebar", () => {
    const parameters = doc.components.parameters as Record<string, Json>;
    for (const name of ["IdempotencyKey", "TrackingKey", "OperationIdempotencyKey"]) {
      const parameter = parameters[name]!;
      expect(parameter.in).toBe("header");
      for (const field of ["example", "examples"]) {
        expect(parameter[field], `${name}.${field}`).toBeUndefined();
        expect(parameter.schema[field], `${name}.schema.${field}`).toBeUndefined();
      }
      expect(parameter.schema.default, `${name}.schema.default`).toBeUndefined();
    }
    // One line in the sidebar at 1280 px (checked in Chromium by e2e/api-reference.spec.ts); this only keeps them short.
    for (const operation of operations) expect(operation.summary.length, operation.summary).toBeLessThanOrEqual(26);
    expect(doc.components.securitySchemes.ApiKey.description).toContain("Api-Key <your key>");
  });

  it("declares Api-Key and Basic authentication (and public keys for the SDK), and leaves reading public", () => {
    expect(doc.components.securitySchemes).toEqual({
      ApiKey: expect.objectContaining({ type: "apiKey", in: "header", name: "Authorization" }),
      Basic: expect.objectContaining({ type: "http", scheme: "basic" }),
      PublicKey: expect.objectContaining({ type: "apiKey", in: "header", name: "Authorization", description: expect.stringContaining("pk_") }),
    });
    const item = doc.paths["/b/checkout/v1/pymt-txn/{session_id}"];
    expect(item.get.security).toEqual([]);
    const writes = [doc.paths["/b/checkout/v1/pymt-txn/"].post, item.patch, item.put];
    const posts = ["/b/pbl/v2/operation/", "/b/pbl/v2/inquiry/", "/b/pbl/v2/message-notification/"].map((p) => doc.paths[p].post);
    for (const op of [...writes, ...posts, doc.paths["/b/checkout/v1/upload-attachment/"].post]) {
      expect(op.security).toEqual([{ ApiKey: [] }, { Basic: [] }]);
    }
    expect(doc.paths["/b/checkout/v1/qr/{file}"].get.security).toEqual([]);
    expect(doc.paths["/b/{code}"].get.security).toEqual([]);
  });

  it("lists every request field, with a type, generated from the zod schema", () => {
    for (const name of ["TransactionRequest", "TransactionPatch", "TransactionMultipart"]) {
      expect(Object.keys(schemas[name]!.properties)).toEqual(expect.arrayContaining(TRANSACTION_FIELDS));
      for (const field of TRANSACTION_FIELDS) expect(schemas[name]!.properties[field].type, field).toBeDefined();
    }
    expect(Object.keys(schemas.TransactionRequest!.properties)).toEqual(TRANSACTION_FIELDS);
    expect(schemas.TransactionRequest!.required).toEqual(REQUIRED_FIELDS);
    expect(schemas.TransactionPatch!.required).toBeUndefined();
    expect(schemas.TransactionMultipart!.properties.attachment).toMatchObject({ type: "string", format: "binary" });
    const props = schemas.TransactionRequest!.properties;
    expect(props.amount.type).toEqual(["string", "number"]);
    expect(props.pg_codes).toMatchObject({ type: "array", minItems: 1, maxItems: 10, items: { type: "string" } });
    expect(props.billing_address).toMatchObject({ type: "object", required: ["line1", "city", "state", "country", "postal_code"] });
    expect(props.notifications.properties.email.items.enum).toContain("paid");
    expect(props.expiration_time).toMatchObject({ type: "string", pattern: expect.any(String) });
    expect(props.language.enum).toEqual(["en", "ar"]);
    for (const flag of ["generate_qr_code", "shortify_checkout_url", "shortify_attachment_url"]) expect(props[flag].type, flag).toBe("boolean");
    expect(props.attachment_upload_url).toMatchObject({ type: "string", format: "uri" });
    const upload = doc.paths["/b/checkout/v1/upload-attachment/"].post;
    expect(upload.requestBody.content["multipart/form-data"].schema.required).toEqual(["attachment"]);
    uploadAnswerSchema.parse(upload.responses["201"].content["application/json"].example);
    // The rest of the create surface (issue 29).
    expect(props.notifications.properties.whatsapp.items.enum).toContain("created");
    for (const field of ["shipping_address", "shopping_address"]) {
      expect(props[field], field).toMatchObject({ type: "object", required: ["line1", "city", "state", "country", "postal_code"] });
    }
    expect(props.shopping_address.description).toMatch(/ottu-py's name for shipping_address/);
    expect(props.customer_phone_2).toMatchObject({ type: "string", maxLength: 16, pattern: expect.any(String) });
    expect(props.customer_birthdate).toMatchObject({ type: "string", format: "date" });
    expect(props.due_datetime).toMatchObject({ type: "string", description: expect.stringMatching(/DD\/MM\/YYYY HH:MM:SS or ISO 8601/) });
    expect(props.card_acceptance_criteria.properties.min_expiry_time).toMatchObject({ type: "integer", minimum: 0, maximum: 3650 });
    expect(props.include_sdk_setup_preload.type).toBe("boolean");
    const shown = schemas.Transaction!.properties;
    for (const field of ["shipping_address", "customer_phone_2", "customer_birthdate", "due_datetime", "card_acceptance_criteria", "settled_pg_code"]) {
      expect(JSON.stringify(shown[field]), field).toContain('"null"');
    }
    expect(shown.notifications.required).toEqual(["email", "sms", "whatsapp"]);
  });

  it("has request, response and error examples, and they agree with the schemas the service uses", () => {
    const create = doc.paths["/b/checkout/v1/pymt-txn/"].post;
    const requestExamples = create.requestBody.content["application/json"].examples;
    expect(Object.keys(requestExamples)).toEqual(["smallest", "full"]);
    for (const example of Object.values(requestExamples) as Json[]) {
      expect(transactionFieldsSchema.safeParse(example.value).success).toBe(true);
    }
    const responseExamples = operations.flatMap((o) =>
      Object.values(o.responses)
        .map((r) => (r as Json).content?.["application/json"])
        .filter((c) => c?.schema?.$ref === "#/components/schemas/Transaction")
        .flatMap((c) => Object.values(c.examples) as Json[]),
    );
    expect(responseExamples.length).toBeGreaterThanOrEqual(4);
    for (const example of responseExamples) transactionRepresentationSchema.parse(example.value);
    for (const [name, response] of Object.entries(doc.components.responses as Record<string, Json>)) {
      const content = response.content["application/json"];
      expect(content.examples ?? content.example, name).toBeDefined();
    }
  });

  it("describes the Checkout SDK's endpoints with the schemas the service answers with, public keys only", () => {
    const setup = doc.paths["/b/checkout/api/sdk/v1/pymt-txn/submit/{session_id}/"];
    const submit = doc.paths["/b/checkout/api/sdk/v1/submit/{session_id}/"];
    expect(Object.keys(setup)).toEqual(["parameters", "get", "options"]);
    expect(Object.keys(submit)).toEqual(["parameters", "post", "options"]);
    for (const op of [setup.get, submit.post]) {
      expect(op.security).toEqual([{ PublicKey: [] }]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "401", "403", "404", "409"]));
    }
    for (const op of [setup.options, submit.options]) expect(Object.keys(op.responses)).toEqual(["204", "403"]);
    expect(schemas.SdkSetup).toEqual(jsonSchema(sdkSetupSchema, "output"));
    sdkSetupSchema.strict().parse(setup.get.responses["200"].content["application/json"].examples.created.value);
    for (const status of ["200", "409"]) {
      for (const example of Object.values(submit.post.responses[status].content["application/json"].examples) as Json[]) sdkSubmitAnswerSchema.strict().parse(example.value);
    }
    for (const example of Object.values(submit.post.requestBody.content["application/json"].examples) as Json[]) sdkSubmitRequestSchema.strict().parse(example.value);
    // create's answer to a request with include_sdk_setup_preload: the setup, in the transaction's schema.
    const created = doc.paths["/b/checkout/v1/pymt-txn/"].post.responses["201"].content["application/json"].examples.fullCreated.value;
    expect(created.include_sdk_setup_preload).toBe(true);
    sdkSetupSchema.strict().parse(created.sdk_setup_preload_payload);
    transactionRepresentationSchema.parse(created);
    expect(schemas.Transaction!.properties.sdk_setup_preload_payload.description).toMatch(/include_sdk_setup_preload: true/);
    expect(schemas.Transaction!.required).not.toContain("sdk_setup_preload_payload");
  });

  it("describes the operation and inquiry bodies, and their examples are read by the service's own reader", () => {
    const operation = doc.paths["/b/pbl/v2/operation/"].post;
    const inquiry = doc.paths["/b/pbl/v2/inquiry/"].post;
    for (const op of [operation, inquiry]) {
      expect(Object.keys(op.requestBody.content)).toEqual(["application/json", "application/x-www-form-urlencoded", "multipart/form-data"]);
      expect(op.tags).toEqual(["Operations"]);
    }
    const props = schemas.OperationRequest!.properties;
    expect(props.operation.enum).toEqual([...OPERATIONS]);
    expect(props.amount.type).toEqual(["string", "number"]);
    expect(props.extra.type).toBe("object");
    expect(schemas.OperationRequest!.required).toEqual(["operation"]);
    expect(Object.keys(schemas.InquiryRequest!.properties)).toEqual(["session_id", "order_no"]);

    const parameters = doc.components.parameters as Record<string, Json>;
    const headerNames = operation.parameters.map((p: Json) => parameters[p.$ref.split("/").at(-1)]!.name);
    expect(headerNames).toEqual(["Tracking-Key", "Idempotency-Key"]);

    const requestExamples = Object.values(operation.requestBody.content["application/json"].examples) as Json[];
    expect(requestExamples.length).toBeGreaterThanOrEqual(6);
    for (const example of requestExamples) expect(() => readOperationRequest(example.value)).not.toThrow();
    for (const example of Object.values(inquiry.requestBody.content["application/json"].examples) as Json[]) {
      const errors = {};
      expect(readTarget(example.value, errors)).not.toBeNull();
      expect(errors).toEqual({});
    }
  });

  it("describes the payment link resend: its body examples are read by the service's reader, its answers are listed", () => {
    const resend = doc.paths["/b/pbl/v2/message-notification/"].post;
    expect(resend.tags).toEqual(["Notifications"]);
    expect(doc.tags.map((t: Json) => t.name)).toContain("Notifications");
    expect(Object.keys(resend.requestBody.content)).toEqual(["application/json", "application/x-www-form-urlencoded", "multipart/form-data"]);
    const bodies = ["application/json", "application/x-www-form-urlencoded"].flatMap(
      (type) => Object.values(resend.requestBody.content[type].examples) as Json[],
    );
    expect(bodies.length).toBeGreaterThanOrEqual(3);
    for (const example of bodies) expect(() => readResendRequest(example.value)).not.toThrow();
    expect(JSON.stringify(resend.requestBody)).toContain('"enum":["email","sms","whatsapp"]');
    expect(Object.keys(resend.responses)).toEqual(["200", "400", "401", "403", "404", "409", "413", "415", "429", "500"]);
    for (const example of Object.values(resend.responses["200"].content["application/json"].examples) as Json[]) {
      resendAnswerSchema.parse(example.value);
    }
    expect(resend.responses["429"].headers["Retry-After"]).toEqual({ $ref: "#/components/headers/Retry-After" });
  });

  it("lists every operation answer under its status, and the examples agree with the answer schemas", () => {
    const responses = doc.paths["/b/pbl/v2/operation/"].post.responses as Record<string, Json>;
    const listed = Object.entries(responses).flatMap(([status, r]) =>
      Object.values((r.content?.["application/json"]?.examples ?? {}) as Record<string, Json>).map((e) => ({ status: Number(status), value: e.value as Json })),
    );
    for (const scenario of Object.values(operationScenarios)) {
      expect(listed, scenario.summary).toContainEqual({ status: scenario.status, value: scenario.response });
    }
    const money = listed.filter((e) => "success" in e.value);
    expect(new Set(money.map((e) => e.status))).toEqual(new Set([200, 202, 400]));
    for (const { status, value } of money) {
      moneyResultSchema.parse(value);
      expect(value.result).toBe({ 200: "success", 202: "pending", 400: "failed" }[status]);
      const { signature, ...signed } = value;
      expect(signature).toBe(signPayment(EXAMPLE_HMAC_KEY, signed));
    }
    for (const { value } of listed.filter((e) => e.status === 200 && !("success" in e.value))) stateResultSchema.parse(value);
    expect(REFUSED_DETAIL).toBe(REFUSAL_MESSAGE);
  });

  it("the answer schemas fit what lib/checkout/operations builds, signed or not", () => {
    const view = {
      txn: { session_id: "a".repeat(40), order_no: null, amount: "86.000000", currency_code: "KWD" },
      decimals: 3,
      gateways: [{ code: "sandbox", is_sandbox: true }],
    } as unknown as Parameters<typeof moneyAnswer>[0]["view"];
    const after: MoneyAfter = { state: "paid", paid_amount: "86", captured_amount: "0", refunded_amount: "20", voided_amount: "0" };
    for (const outcome of ["success", "failed", "pending"] as const) {
      for (const hmacKey of [null, "key"]) {
        const answer = moneyAnswer({
          kind: "refund",
          operation: { amount: "20.000000", reference_number: "OP0123456789ABCDEF" },
          result: { outcome, message: outcome === "failed" ? "Refused." : null, gatewayResponse: { result: "X" } },
          view,
          attempt: { gateway_code: "sandbox" } as Parameters<typeof moneyAnswer>[0]["attempt"],
          after,
          at: new Date("2026-01-01T12:00:00Z"),
          hmacKey,
        });
        expect(answer.status).toBe({ success: 200, failed: 400, pending: 202 }[outcome]);
        moneyResultSchema.parse(answer.body);
      }
    }
    stateResultSchema.parse(stateAnswer("cancel", "a".repeat(40), "canceled").body);
  });
});
