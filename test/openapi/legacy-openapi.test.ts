import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { legacyAnswerSchema } from "@/lib/legacy/legacy-answer";
import { LEGACY_SCHEMAS, REQUIRED } from "@/lib/legacy/legacy-fields";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { legacyAnswerExample, legacyFormRequest, legacyRequests } from "@/lib/openapi/legacy-paths";
import { call } from "../support/checkout-samples";
import { startLegacyApi } from "../support/legacy-api";

// The legacy endpoints in the OpenAPI document (served at /b/checkout/v1/openapi.json, rendered at /docs): listed
// as deprecated, with every field of their request schemas, and examples the service really takes and answers.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const doc = buildOpenApiDocument() as unknown as Json;
const VARIANTS = [
  ["/pos/crt/", "e_commerce"],
  ["/pos/d/crt/", "payment_request"],
] as const;

let api: Awaited<ReturnType<typeof startLegacyApi>>;
beforeAll(async () => {
  api = await startLegacyApi();
  await createGatewaySetting({ ctx: api.ctx, input: { code: "sandbox", pg: "sandbox", currencies: ["KWD"], isSandbox: true } });
});

describe("the legacy endpoints in the OpenAPI document", () => {
  it("keep the document valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it.each(VARIANTS)("%s: POST only, deprecated, under its tag, with credentials or none (an allowed address)", (path) => {
    expect(Object.keys(doc.paths[path])).toEqual(["post"]);
    const post = doc.paths[path].post;
    expect(post.deprecated).toBe(true);
    expect(post.tags).toEqual(["Legacy interface"]);
    expect(post.description).toMatch(/^\*\*Deprecated\*\*: new integrations use `POST \/b\/checkout\/v1\/pymt-txn\/`/);
    expect(post.summary.length).toBeLessThanOrEqual(26);
    expect(post.security).toEqual([{ ApiKey: [] }, { Basic: [] }, {}]);
    expect(Object.keys(post.responses)).toEqual(["201", "400", "401", "403", "405", "413", "415", "429", "500"]);
    expect(doc.tags.map((t: Json) => t.name)).toContain("Legacy interface");
  });

  it.each(VARIANTS)("%s lists every field of its variant with a type, and the required ones", (path, variant) => {
    const content = doc.paths[path].post.requestBody.content;
    for (const type of ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"]) {
      const schema = content[type].schema;
      expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(Object.keys(LEGACY_SCHEMAS[variant].shape)));
      for (const [field, property] of Object.entries(schema.properties as Json)) expect(property.type, `${type} ${field}`).toBeDefined();
      expect(schema.required).toEqual(REQUIRED[variant]);
    }
    const fields = content["application/json"].schema.properties;
    expect(fields.customer_phone.maxLength).toBe(16);
    expect(fields.customer_address_city.maxLength).toBe(40);
    expect(fields.customer_address_country.maxLength).toBe(variant === "e_commerce" ? 2 : 40);
    expect(fields.redirect_url.maxLength).toBe(200);
    expect(fields.email_recipients.type).toBe("string");
    expect(content["multipart/form-data"].schema.properties.attachment === undefined).toBe(variant === "e_commerce");
  });

  it.each(VARIANTS)("%s: the JSON and form examples are accepted as documented, and the answers match the schema", async (path, variant) => {
    const post = doc.paths[path].post;
    const json = post.requestBody.content["application/json"].examples.request.value;
    expect(json).toEqual(legacyRequests[variant]);
    const body = variant === "payment_request" ? { ...json, initiator: api.initiatorId } : json;
    const res = await api.postJson(path, body);
    expect(res.status, res.text).toBe(201);
    legacyAnswerSchema.parse(res.body);
    expect(res.body).toMatchObject({ order_no: json.order_no, amount: json.amount, currency_code: "KWD", state: "created" });

    const form = post.requestBody.content["application/x-www-form-urlencoded"].examples.plugin.value;
    expect(form).toBe(legacyFormRequest);
    const replaced = form.replace("order_no=WC-1001", `order_no=WC-${variant}`).replace("initiator=7", `initiator=${api.initiatorId}`);
    const posted = await call(api.base, "POST", path, {
      body: replaced,
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: api.apiKey },
    });
    expect(posted.status, posted.text).toBe(201);
    legacyAnswerSchema.parse(posted.body);

    const example = post.responses["201"].content["application/json"].examples.created.value;
    expect(legacyAnswerSchema.parse(example)).toEqual(example);
    expect(example).toMatchObject({ ...legacyAnswerExample, order_no: json.order_no, amount: json.amount });
  });
});
