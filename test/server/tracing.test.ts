import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { REQUEST_ID_ATTRIBUTE, withRequestSpan } from "@/lib/core/tracing/request-span";
import { startTracing, type Tracing } from "@/lib/core/tracing/start-tracing";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { type CollectedSpan, startCollector } from "../support/otlp-collector";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

vi.hoisted(() => {
  // JSON, which the test's collector reads (the default is protobuf).
  Object.assign(process.env, { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:3323", OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" });
});

const ctx = testContext();
let collected: { spans: CollectedSpan[] };
let tracing: Tracing;
let caller: Caller;
beforeAll(async () => {
  collected = await startCollector(3323);
  tracing = (await startTracing("test"))!;
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { webhookHmacKey: "tracing-hmac-key" } });
});

describe("traces", () => {
  it("gathers a payment's request, SQL statements and webhook call in one trace, each with the request id", async () => {
    const receiver = await startReceiver();
    const requestId = "trace-test-request-1";
    await withRequestSpan({}, "POST /b/checkout/v1/pymt-txn", {}, requestId, async (end) => {
      const sessionId = await newTransaction(ctx, caller, { webhook_url: receiver.url });
      await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
      const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
      const { deliveryIds } = await planEventEffects(ctx.db, paid.event_id);
      await attemptDelivery({ ctx, input: { deliveryId: deliveryIds[0]!, scheduleRetry: false } });
      end(201);
    });
    await tracing.shutdown(); // flushes the batch

    const root = collected.spans.find((s) => s.name === "POST /b/checkout/v1/pymt-txn");
    expect(root).toBeDefined();
    const trace = collected.spans.filter((s) => s.traceId === root!.traceId);
    const sql = trace.filter((s) => s.attributes["db.system"] === "postgresql" || s.attributes["db.system.name"] === "postgresql");
    expect(sql.length).toBeGreaterThan(5);
    expect(sql.map((s) => s.name).join("\n")).toMatch(/INSERT/);
    for (const s of sql) expect(String(s.attributes["db.query.text"]).length).toBeLessThanOrEqual(301);
    const webhookCall = trace.find((s) => String(s.attributes["url.full"] ?? "").startsWith(receiver.url));
    expect(webhookCall).toBeDefined();
    for (const span of trace) expect(span.attributes[REQUEST_ID_ATTRIBUTE], span.name).toBe(requestId);
    expect(receiver.received).toHaveLength(1);
  });
});
