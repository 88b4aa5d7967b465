import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import { paymentStartedEvent } from "@/lib/checkout/payments/start-on-route";
import { notificationEventFor } from "@/lib/delivery/notifications/notification-event-for";
import { eventResult } from "@/lib/delivery/webhooks/event-result";
import { legacyResultOf } from "@/lib/legacy/plan-legacy-result";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// A payment's start records its move to pending without a dispatch job (lib/checkout/payments/start-on-route.ts):
// here, that such an event is one the dispatch would find nothing to do for, and that its result's event still
// gets its job.
const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

const dispatchJobs = async () =>
  (await sql<{ key: string }>`SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'dispatch-event'`.execute(ctx.db)).rows.map((r) => r.key);

describe("events that tell nobody", () => {
  it.each(PAYABLE)("a payment started from %s has no webhook result, legacy result or message", (from) => {
    const event = paymentStartedEvent(from);
    const facts = { kind: event.kind, to_state: event.to, data: {} };
    expect(eventResult(facts)).toBeNull();
    expect(legacyResultOf(facts)).toBeNull();
    expect(notificationEventFor(facts)).toBeNull();
  });

  it("plans no dispatch job for a payment's start, and one for its result", async () => {
    const sessionId = await newTransaction(ctx, caller, { webhook_url: "http://127.0.0.1:9/hook", notifications: { email: ["paid"] }, customer_email: "a@example.com" });
    const { next } = await payWith(ctx, sessionId, CARDS.approve);
    const started = (await events(ctx, sessionId)).find((e) => e.cause === "payment_started")!;
    expect(await dispatchJobs()).not.toContain(`event:${started.event_id}`);

    await deliverReturn(ctx, next);
    const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
    expect(await dispatchJobs()).toContain(`event:${paid.event_id}`);
  });
});
