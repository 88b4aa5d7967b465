import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/core/env";
import type { Caller } from "@/lib/access/auth/permissions";
import { loadMerchantRedirect } from "@/lib/checkout/checkout-page/load-merchant-redirect";
import { loadPaymentPage } from "@/lib/checkout/checkout-page/load-payment-page";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { hearingAnswers, stopAnswerNotices } from "@/lib/checkout/payments/webhook-answer-notices";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { eventually } from "../support/eventually";
import { startReceiver } from "../support/receiver";
import { recordingDb } from "../support/recording-db";
import { testContext } from "../support/test-context";

const ctx = testContext();
const recording = recordingDb();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});
afterAll(() => stopAnswerNotices());

/** A paid transaction with redirect_url (and webhook_url when given), its webhook tried once if any. */
async function paid(fields: Record<string, unknown>) {
  const { sessionId, reference, deliver } = await paidAwaitingWebhook(fields);
  if (fields.webhook_url) await deliver();
  return { sessionId, reference };
}

/** A paid transaction with redirect_url (and webhook_url when given), and the try of its webhook, not made yet. */
async function paidAwaitingWebhook(fields: Record<string, unknown>) {
  const sessionId = await newTransaction(ctx, caller, { redirect_url: "https://merchant.example/done", order_no: `R-${Date.now()}`, extra: { cart: "c9" }, ...fields });
  const { reference, next } = await payWith(ctx, sessionId, CARDS.approve);
  await deliverReturn(ctx, next);
  const deliver = async () => {
    const event = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
    const [deliveryId] = (await planEventEffects(ctx.db, event.event_id)).deliveryIds;
    await attemptDelivery({ ctx, input: { deliveryId: deliveryId!, scheduleRetry: false } });
  };
  return { sessionId, reference, deliver };
}

/**
 * Where the result page sends the customer when it is opened before the webhook (answered `status`) is tried, and
 * how many times it read the first try's answer.
 */
async function redirectWhileWaiting(status = 200) {
  const receiver = await startReceiver(() => status);
  const { sessionId, deliver } = await paidAwaitingWebhook({ webhook_url: receiver.url });
  recording.executed.splice(0);
  const page = loadPaymentPage({ ctx: { db: recording.db }, input: { sessionId } });
  await eventually(() => recording.executed.some(isAnswerRead), { what: "the page's first read of the answer" });
  await deliver();
  const { redirectUrl } = (await page)!;
  return { redirectUrl, answerReads: recording.executed.filter(isAnswerRead).length };
}

const isAnswerRead = (query: { sql: string }) => query.sql.includes("a.attempt_no = 1");

describe("the customer's redirect after paying", () => {
  it("without a webhook_url: at once, with order_no, reference_number, session_id and the extra keys", async () => {
    const { sessionId, reference } = await paid({});
    const page = await loadPaymentPage({ ctx, input: { sessionId } });
    const url = new URL(page!.redirectUrl!);
    expect(url.origin + url.pathname).toBe("https://merchant.example/done");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ session_id: sessionId, reference_number: reference, cart: "c9" });
    expect(url.searchParams.get("order_no")).toMatch(/^R-/);
  });

  it("with a webhook_url answered 200: redirected", async () => {
    const receiver = await startReceiver(() => 200);
    const { sessionId } = await paid({ webhook_url: receiver.url });
    expect((await loadPaymentPage({ ctx, input: { sessionId } }))!.redirectUrl).toContain("https://merchant.example/done");
  });

  it("with a webhook_url answered otherwise: the customer stays on our result page", async () => {
    const receiver = await startReceiver(() => 500);
    const { sessionId } = await paid({ webhook_url: receiver.url });
    const page = await loadPaymentPage({ ctx, input: { sessionId } });
    expect(page).toMatchObject({ kind: "finished", state: "paid", redirectUrl: null });
  });

  it("with a webhook_url answered 200 while the result page waits: redirected once the answer is recorded", async () => {
    expect((await redirectWhileWaiting()).redirectUrl).toContain("https://merchant.example/done");
  });

  it("the same once this process hears the answers' notices (the wait is heard from before its first read)", async () => {
    await eventually(hearingAnswers, { what: "the listening connection up" });
    expect((await redirectWhileWaiting()).redirectUrl).toContain("https://merchant.example/done");
  });

  it("waits within the webhook's timeout after the result, not after each request: later, one read and no redirect", async () => {
    // The job engine down: the result's webhook is never tried. The gateway's return waited for it already.
    const receiver = await startReceiver(() => 200);
    const { sessionId } = await paidAwaitingWebhook({ webhook_url: receiver.url });
    const waitedFor = env.WEBHOOK_TIMEOUT_SECONDS + 3;
    await sql`UPDATE payment_attempts SET completed_at = now() - make_interval(secs => ${waitedFor}) WHERE session_id = ${sessionId}`.execute(ctx.db);
    recording.executed.splice(0);
    expect(await loadMerchantRedirect({ ctx: { db: recording.db }, input: { sessionId } })).toBeNull();
    expect((await loadPaymentPage({ ctx: { db: recording.db }, input: { sessionId } }))!.redirectUrl).toBeNull();
    expect(recording.executed.filter(isAnswerRead)).toHaveLength(2);
  });

  it("decides on the notice of the first try, answered 200 or not, without reading the answer again", async () => {
    await eventually(hearingAnswers, { what: "the listening connection up" });
    expect(await redirectWhileWaiting(200)).toMatchObject({ redirectUrl: expect.stringContaining("https://merchant.example/done"), answerReads: 1 });
    expect(await redirectWhileWaiting(503)).toEqual({ redirectUrl: null, answerReads: 1 });
  });
});

describe("the result page's redirect read from a few columns (loadMerchantRedirect, in proxy.ts)", () => {
  const both = async (sessionId: string) => [
    await loadMerchantRedirect({ ctx, input: { sessionId } }),
    (await loadPaymentPage({ ctx, input: { sessionId } }))?.redirectUrl ?? null,
  ];

  it("gives what the result page's own load gives: paid without a webhook, webhook answered 200 or not, unpaid", async () => {
    const [ok, refused] = [await startReceiver(() => 200), await startReceiver(() => 500)];
    const cases = [
      (await paid({})).sessionId,
      (await paid({ webhook_url: ok.url })).sessionId,
      (await paid({ webhook_url: refused.url })).sessionId,
      await newTransaction(ctx, caller, { redirect_url: "https://merchant.example/done" }),
    ];
    const [direct, answered, unanswered, unpaid] = await Promise.all(cases.map(both));
    expect(direct![0]).toContain("https://merchant.example/done?");
    expect(direct![0]).toBe(direct![1]);
    expect(answered![0]).toContain("https://merchant.example/done?");
    expect(answered![0]).toBe(answered![1]);
    expect(unanswered).toEqual([null, null]);
    expect(unpaid).toEqual([null, null]);
  });

  it("none for an unknown, malformed or deleted session", async () => {
    const { sessionId } = await paid({});
    expect(await loadMerchantRedirect({ ctx, input: { sessionId } })).toContain("https://merchant.example/done?");
    await ctx.db.updateTable("transactions").set({ deleted_at: new Date() }).where("session_id", "=", sessionId).execute();
    expect(await loadMerchantRedirect({ ctx, input: { sessionId } })).toBeNull();
    expect(await loadMerchantRedirect({ ctx, input: { sessionId: "f".repeat(40) } })).toBeNull();
    expect(await loadMerchantRedirect({ ctx, input: { sessionId: "not a session" } })).toBeNull();
  });
});
