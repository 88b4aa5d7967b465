import { beforeAll, describe, expect, it, vi } from "vitest";
import { withRequestSpan } from "@/lib/core/tracing/request-span";
import { startTracing, type Tracing } from "@/lib/core/tracing/start-tracing";
import { minimal } from "../support/checkout-samples";
import { startCheckoutApi } from "../support/checkout-setup";
import { CARDS, deliverReturn, payWith } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// OTEL_* pointing at a port where nothing listens: spans are dropped, requests answer as ever.
vi.hoisted(() => {
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = "http://127.0.0.1:3324";
});

const ctx = testContext();
let api: Awaited<ReturnType<typeof startCheckoutApi>>;
let tracing: Tracing;
beforeAll(async () => {
  tracing = (await startTracing("test"))!;
  api = await startCheckoutApi();
});

describe("tracing to a collector that is not there", () => {
  it("never fails a request or a payment", async () => {
    for (let i = 0; i < 20; i++) {
      const status = await withRequestSpan({}, "POST /b/checkout/v1/pymt-txn", {}, `dead-collector-${i}-req`, async (end) => {
        const created = await api.create(minimal());
        expect(created.status).toBe(201);
        const { next } = await payWith(ctx, created.body.session_id as string, CARDS.approve);
        await deliverReturn(ctx, next);
        end(created.status);
        return created.status;
      });
      expect(status).toBe(201);
    }
    // The export fails (connection refused) and is given up; the flush still ends.
    await tracing.shutdown();
    expect((await api.create(minimal())).status).toBe(201);
  });
});
