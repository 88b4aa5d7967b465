import { beforeAll, describe, expect, it } from "vitest";
import * as openapiRoute from "@/app/b/checkout/v1/openapi.json/route";
import * as inquiryRoute from "@/app/b/pbl/v2/inquiry/route";
import * as operationRoute from "@/app/b/pbl/v2/operation/route";
import { updateSettings } from "@/db/queries/settings";
import type { Caller } from "@/lib/access/auth/permissions";
import { env } from "@/lib/core/env";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { EXAMPLE_SESSION_ID, representationExamples } from "@/lib/openapi/openapi-examples";
import {
  EXAMPLE_HMAC_KEY,
  inquiryRequests,
  type OperationScenario,
  operationErrorExamples,
  operationScenarios,
} from "@/lib/openapi/operation-examples";
import { signPayment } from "@/lib/checkout/result/payment-signature";
import { createCurrency, createKey } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { deliverReturn, newTransaction, payWith } from "../support/payment-flow";
import { testContext } from "../support/test-context";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("GET /b/checkout/v1/openapi.json", () => {
  it("serves the OpenAPI document as JSON, with and without a trailing slash", async () => {
    const base = await serveRoutes([{ path: "/b/checkout/v1/openapi.json", module: { GET: (req: Request) => openapiRoute.GET(req, { params: Promise.resolve({}) }) } }]);
    for (const path of ["/b/checkout/v1/openapi.json", "/b/checkout/v1/openapi.json/"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("x-request-id")).toBeTruthy();
      const doc = await res.json();
      expect(doc.openapi).toBe("3.1.0");
      expect(doc.servers).toEqual([{ url: env.APP_URL, description: "This installation" }]);
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/b/checkout/v1/pymt-txn/", "/b/pbl/v2/operation/", "/b/pbl/v2/inquiry/"]));
    }
  });
});

// The operation examples of the document, run against the API on the demo data's gateways: each scenario's
// transaction is set up, its request posted, and the answer must be the example but for what is random or timed.
describe("the operation and inquiry examples are what the API answers", () => {
  const ctx = testContext();
  let base: string;
  let apiKey: string;
  let caller: Caller;
  beforeAll(async () => {
    await createCurrency(ctx, { code: "KWD", decimals: 3 });
    await createGatewaySetting({ ctx, input: { code: "sandbox", name: "Sandbox card", pg: "sandbox", currencies: ["KWD"] } });
    await createGatewaySetting({
      ctx,
      input: { code: "sandbox-auth", name: "Sandbox card (authorize)", pg: "sandbox", currencies: ["KWD"], operation: "authorize", feePercent: "1.5" },
    });
    await updateSettings(ctx.db, { webhook_hmac_key: EXAMPLE_HMAC_KEY });
    const key = await createKey(ctx);
    apiKey = key.key;
    caller = { kind: "api_key", id: key.id, name: key.name };
    base = await serveRoutes([
      { path: "/b/pbl/v2/operation", module: operationRoute },
      { path: "/b/pbl/v2/inquiry", module: inquiryRoute },
    ]);
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Api-Key ${apiKey}`, ...headers },
      body: JSON.stringify(body),
    });

  /** The scenario's transaction, made and (with a card) paid through the sandbox; its session id. */
  async function setUp(given: NonNullable<OperationScenario["given"]>): Promise<string> {
    const sessionId = await newTransaction(ctx, caller, { amount: "86", currency_code: "KWD", pg_codes: [given.pgCode], order_no: given.orderNo });
    if (given.card) {
      const { next } = await payWith(ctx, sessionId, given.card, { code: given.pgCode });
      await deliverReturn(ctx, next);
    }
    return sessionId;
  }

  /** A real answer in the example's terms: its session id, and the example's references, times and signature. */
  function asExample(body: Json, sessionId: string, example: Json): Json {
    const text = sessionId ? JSON.stringify(body).replaceAll(sessionId, EXAMPLE_SESSION_ID) : JSON.stringify(body);
    const answer = JSON.parse(text) as Json;
    if (!("success" in answer)) return answer;
    const { signature, ...signed } = body;
    expect(signature).toBe(signPayment(EXAMPLE_HMAC_KEY, signed));
    expect(answer.reference_number).toMatch(/^OP[0-9A-F]{16}$/);
    expect(answer.pg_response.ref).toBe(answer.reference_number);
    const { ref, trackid, tranid, postdate } = example.pg_response;
    return {
      ...answer,
      reference_number: example.reference_number,
      timestamp_utc: example.timestamp_utc,
      signature: example.signature,
      pg_response: { ...answer.pg_response, ref, trackid, tranid, postdate },
    };
  }

  for (const [name, scenario] of Object.entries(operationScenarios) as [string, OperationScenario][]) {
    it(`${name}: ${scenario.summary}`, async () => {
      const sessionId = scenario.given ? await setUp(scenario.given) : "";
      const request = JSON.parse(JSON.stringify(scenario.request).replaceAll(EXAMPLE_SESSION_ID, sessionId)) as Json;
      const res = await post("/b/pbl/v2/operation/", request);
      expect(res.status).toBe(scenario.status);
      expect(asExample(await res.json(), sessionId, scenario.response)).toEqual(scenario.response);

      if (name === "pending") {
        // The inquiry example: the same transaction, asked about by its order number.
        const inquiry = await post("/b/pbl/v2/inquiry/", inquiryRequests.byOrderNo.value);
        expect(inquiry.status).toBe(200);
        const example = representationExamples.inquired.value;
        const body = (await inquiry.json()) as Json;
        // The paying attempt: its reference is random and its times are real; they stand in for the example's.
        expect(body.reference_number).toMatch(/^CK[0-9A-F]{16}$/);
        expect(body.attempts).toHaveLength(1);
        const [attempt] = body.attempts as Json[];
        expect(attempt!.reference_number).toBe(body.reference_number);
        expect(Date.parse(attempt!.completed_at)).toBeGreaterThanOrEqual(Date.parse(attempt!.created_at));
        const text = JSON.stringify(body)
          .replaceAll(env.APP_URL, "https://pay.example.com")
          .replaceAll(sessionId, EXAMPLE_SESSION_ID)
          .replaceAll(body.reference_number, example.reference_number!);
        const answer = JSON.parse(text) as Json;
        const { created_at, updated_at, expires_at } = example;
        const times = { created_at: example.attempts[0]!.created_at, completed_at: example.attempts[0]!.completed_at };
        expect({ ...answer, created_at, updated_at, expires_at, attempts: [{ ...answer.attempts[0], ...times }] }).toEqual(example);
      }
    });
  }

  it("Tracking-Key: a replay is marked, another body is the documented 409, two different keys the documented 400", async () => {
    const scenario = operationScenarios.refund;
    const sessionId = await setUp({ ...scenario.given, orderNo: "ORD-2001" });
    const request = { ...scenario.request, session_id: sessionId };
    const first = await post("/b/pbl/v2/operation/", request, { "Tracking-Key": "refund-ORD-2001-1" });
    const replay = await post("/b/pbl/v2/operation/", request, { "Tracking-Key": "refund-ORD-2001-1" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(await first.json());
    const other = await post("/b/pbl/v2/operation/", { ...request, amount: "1" }, { "Tracking-Key": "refund-ORD-2001-1" });
    expect([other.status, await other.json()]).toEqual([409, operationErrorExamples.trackingKeyReused.value]);
    const both = await post("/b/pbl/v2/operation/", request, { "Tracking-Key": "a", "Idempotency-Key": "b" });
    expect([both.status, await both.json()]).toEqual([400, operationErrorExamples.keysDiffer.value]);
  });
});
