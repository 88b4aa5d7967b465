import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "@/db/client";
import type { Caller } from "@/lib/access/auth/permissions";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { env } from "@/lib/core/env";
import { watchPool } from "@/lib/core/metrics/metrics";
import { performOperation } from "@/lib/checkout/operations/perform-operation";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { listenForMetrics } from "@/server/metrics-server";
import { CARDS, deliverReturn, events, newTransaction, passDeadline, payWith, setUpPayments } from "../support/payment-flow";
import { startReceiver } from "../support/receiver";
import { samples, scrape } from "../support/scrape";
import { testContext } from "../support/test-context";

const TOKEN = "metrics-test-token-0123456789";
vi.hoisted(() => {
  Object.assign(process.env, { METRICS_TOKEN: "metrics-test-token-0123456789", METRICS_PORT: "3321" });
});

const ctx = testContext();
const URL = "http://127.0.0.1:3321/metrics";
let caller: Caller;
let close: () => Promise<void>;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { webhookHmacKey: "metrics-hmac-key", expireTransactions: true } });
  close = await listenForMetrics(env.DATABASE_URL!);
});
afterAll(() => close());

describe("/metrics on METRICS_PORT", () => {
  it.each([
    ["no token", undefined],
    ["a wrong token", "not-the-token-at-all"],
    ["an empty token", ""],
  ])("answers 401 to %s, naming no metric", async (_, token) => {
    const res = await scrape(URL, token);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const body = await res.text();
    expect(body).not.toMatch(/checkout_|process_|nodejs_/);
    expect(body).not.toContain(TOKEN);
  });

  it("answers another scheme carrying the token 401", async () => {
    const res = await fetch(URL, { headers: { Authorization: `Basic ${TOKEN}` } });
    expect(res.status).toBe(401);
  });

  it("answers the right token with the Prometheus text of every family", async () => {
    const pool = createDb(env.DATABASE_URL!, { max: 1, onPool: (p) => watchPool("test", p) });
    await pool.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
    const res = await scrape(URL, TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const family of [
      "checkout_http_request_duration_seconds",
      "checkout_transactions_created_total",
      "checkout_payments_finished_total",
      "checkout_operations_total",
      "checkout_webhook_delivery_duration_seconds",
      "checkout_webhook_oldest_pending_seconds",
      "checkout_jobs_due",
      "checkout_jobs_queued",
      "checkout_job_oldest_due_seconds",
      "checkout_db_pool_connections",
      "checkout_expiry_lag_seconds",
      "checkout_database_up",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    const s = samples(text);
    expect(s.get("checkout_database_up")).toBe(1);
    expect(s.get('checkout_db_pool_connections{pool="test",state="idle"}')).toBe(1);
    await pool.destroy();
  });

  it("answers any other path 404", async () => {
    const res = await scrape("http://127.0.0.1:3321/other", TOKEN);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/checkout_/);
  });
});

describe("a payment moves the counters", () => {
  const value = async (key: string) => samples(await (await scrape(URL, TOKEN)).text()).get(key) ?? 0;

  it("counts the creation, the payment, the refund and the webhook", async () => {
    const receiver = await startReceiver();
    const before = {
      created: await value('checkout_transactions_created_total{interface="checkout"}'),
      paid: await value('checkout_payments_finished_total{gateway="card",outcome="success"}'),
      declined: await value('checkout_payments_finished_total{gateway="card",outcome="declined"}'),
      refunded: await value('checkout_operations_total{kind="refund",outcome="success"}'),
      refused: await value('checkout_operations_total{kind="capture",outcome="refused"}'),
      delivered: await value('checkout_webhook_delivery_duration_seconds_count{outcome="delivered"}'),
    };
    const sessionId = await newTransaction(ctx, caller, { webhook_url: receiver.url });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    const declined = await newTransaction(ctx, caller);
    await deliverReturn(ctx, (await payWith(ctx, declined, CARDS.decline)).next);
    await performOperation({ ctx, input: { caller, fields: { operation: "refund", session_id: sessionId, amount: "1" } } });
    await expect(performOperation({ ctx, input: { caller, fields: { operation: "capture", session_id: sessionId } } })).rejects.toThrow();
    const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
    const { deliveryIds } = await planEventEffects(ctx.db, paid.event_id);
    await attemptDelivery({ ctx, input: { deliveryId: deliveryIds[0]!, scheduleRetry: false } });

    expect(await value('checkout_transactions_created_total{interface="checkout"}')).toBe(before.created + 2);
    expect(await value('checkout_payments_finished_total{gateway="card",outcome="success"}')).toBe(before.paid + 1);
    expect(await value('checkout_payments_finished_total{gateway="card",outcome="declined"}')).toBe(before.declined + 1);
    expect(await value('checkout_operations_total{kind="refund",outcome="success"}')).toBe(before.refunded + 1);
    expect(await value('checkout_operations_total{kind="capture",outcome="refused"}')).toBe(before.refused + 1);
    expect(await value('checkout_webhook_delivery_duration_seconds_count{outcome="delivered"}')).toBe(before.delivered + 1);
  });

  it("reads the expiry lag of an overdue payable transaction from the database", async () => {
    const sessionId = await newTransaction(ctx, caller);
    await passDeadline(ctx, sessionId);
    expect(await value("checkout_expiry_lag_seconds")).toBeGreaterThan(0);
  });
});
