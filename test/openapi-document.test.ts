import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { REQUIRED_FIELDS } from "@/lib/transactions/read-fields";
import { TRANSACTION_FIELDS, transactionFieldsSchema } from "@/lib/transactions/transaction-fields";
import { transactionRepresentationSchema } from "@/lib/transactions/transaction-representation-schema";

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
    expect(Object.keys(doc.paths["/b/checkout/v1/pymt-txn/{session_id}"])).toEqual(
      expect.arrayContaining(["get", "patch", "put", "post"]),
    );
    expect(Object.keys(doc.paths["/b/checkout/v1/attachments/{token}"])).toEqual(["get"]);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    const statuses = new Set(operations.flatMap((o) => Object.keys(o.responses)));
    for (const status of ["200", "201", "400", "401", "403", "404", "405", "409", "413", "415", "429", "500"]) {
      expect(statuses).toContain(status);
    }
  });

  it("declares Api-Key and Basic authentication, and leaves reading public", () => {
    expect(doc.components.securitySchemes).toEqual({
      ApiKey: expect.objectContaining({ type: "apiKey", in: "header", name: "Authorization" }),
      Basic: expect.objectContaining({ type: "http", scheme: "basic" }),
    });
    const item = doc.paths["/b/checkout/v1/pymt-txn/{session_id}"];
    expect(item.get.security).toEqual([]);
    for (const op of [doc.paths["/b/checkout/v1/pymt-txn/"].post, item.patch, item.put]) {
      expect(op.security).toEqual([{ ApiKey: [] }, { Basic: [] }]);
    }
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
});
