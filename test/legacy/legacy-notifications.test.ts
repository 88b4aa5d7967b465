import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startProvidersForApp } from "../support/provider-stand-in";

// The four legacy flags → the customer's e-mails and SMS, through the event's planning and the real Resend and
// Twilio SDKs pointed at a local stand-in: the payment link on creation, the result after paying, in the
// transaction's language. lib/core/env.ts reads the environment once, on first import: set it first, then import.
const credentials = { resendKey: "re_legacy_flags_key", twilioSid: `AC${"0123abcd".repeat(4)}`, twilioToken: "twilio-legacy-token" };
const standIn = await startProvidersForApp(credentials);

const { planEventEffects } = await import("@/lib/jobs/plan-event-effects");
const { sendMessage } = await import("@/lib/delivery/notifications/send-message");
const { EC, PR, eCommerce, paymentRequest, startLegacyApi } = await import("../support/legacy-api");
const { CARDS, deliverReturn, events, payWith } = await import("../support/payment-flow");

let api: Awaited<ReturnType<typeof startLegacyApi>>;
beforeAll(async () => {
  api = await startLegacyApi();
});
beforeEach(() => {
  standIn.requests.length = 0;
});

const link = (sessionId: string) => `http://localhost:9/b/checkout/redirect/start/?session_id=${sessionId}`;
const customer = { customer_email: "sara@example.com", customer_phone: "96550000000", customer_first_name: "Sara" };

/** Whether the event's side effects were queued with it (the job the dispatcher runs after the commit). */
const queued = async (eventId: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ${`event:${eventId}`}`.execute(api.ctx.db)).rows[0]!.n;

/** Plans the event's messages as the dispatcher does, and sends each through the stand-in. */
async function dispatch(eventId: string) {
  const { messageIds } = await planEventEffects(api.ctx.db, eventId);
  for (const messageId of messageIds) expect(await sendMessage({ ctx: api.ctx, input: { messageId } })).toEqual({ messageId, outcome: "sent" });
  return messageIds;
}

const emails = () => standIn.requests.filter((r) => r.provider === "resend").map((r) => r.body);
const sms = () => standIn.requests.filter((r) => r.provider === "twilio").map((r) => r.body);

describe("the payment link flags (the created event)", () => {
  it("email_notification and sms_notification send the link on creation, in Arabic, to every recipient", async () => {
    const res = await api.postForm(EC, {
      ...eCommerce({ order_no: "LINK-AR" }),
      ...customer,
      language: "ar",
      email_notification: "true",
      sms_notification: "1",
      email_recipients: "accounts@shop.example",
    });
    expect(res.status, res.text).toBe(201);
    const sessionId = res.body.session_id as string;
    const [created] = await events(api.ctx, sessionId);
    expect(created).toMatchObject({ kind: "created", to_state: "created" });
    expect(await queued(created!.event_id)).toBe(1);

    expect(await dispatch(created!.event_id)).toHaveLength(3);
    expect(emails().map((e) => e.to)).toEqual([["sara@example.com"], ["accounts@shop.example"]]);
    for (const email of emails()) {
      expect(email.subject).toBe("طلب دفع من Demo Merchant (رقم الطلب LINK-AR)");
      expect(email.text).toContain(`للدفع: ${link(sessionId)}`);
    }
    expect(sms()).toEqual([expect.objectContaining({ To: "+96550000000", From: "+15005550006" })]);
    expect(sms()[0]!.Body).toContain("يُرجى دفع 10.000 KWD.");
    expect(sms()[0]!.Body).toContain(link(sessionId));
  });

  it("a payment request with only the e-mail flag sends only the e-mail, in English by default", async () => {
    const res = await api.postJson(PR, paymentRequest(api.initiatorId, { order_no: "LINK-EN", email_notification: true, customer_phone: "96550000001" }));
    expect(res.status, res.text).toBe(201);
    const [created] = await events(api.ctx, res.body.session_id);
    await dispatch(created!.event_id);
    expect(sms()).toEqual([]);
    expect(emails()).toEqual([
      expect.objectContaining({ to: ["sara@example.com"], subject: "Payment request from Demo Merchant (Order number LINK-EN)" }),
    ]);
    expect(emails()[0]!.text).toContain(`Pay here: ${link(res.body.session_id)}`);
  });

  it("without the link flags, creation queues nothing and sends nothing", async () => {
    const res = await api.postJson(EC, eCommerce({ ...customer, email_payment_details: true, sms_payment_details: true }));
    const [created] = await events(api.ctx, res.body.session_id);
    expect(await queued(created!.event_id)).toBe(0);
    expect(await dispatch(created!.event_id)).toEqual([]);
    expect(standIn.requests).toEqual([]);
  });
});

describe("the payment details flags (the result events)", () => {
  it("a paid transaction: the result by e-mail and SMS, without a payment link", async () => {
    const res = await api.postJson(EC, eCommerce({ ...customer, order_no: "PAID-1", email_payment_details: "yes", sms_payment_details: "on" }));
    const sessionId = res.body.session_id as string;
    const { next, reference } = await payWith(api.ctx, sessionId, CARDS.approve);
    await deliverReturn(api.ctx, next);
    const paid = (await events(api.ctx, sessionId)).find((e) => e.to_state === "paid")!;
    expect(await dispatch(paid.event_id)).toHaveLength(2);
    expect(emails()).toEqual([expect.objectContaining({ to: ["sara@example.com"], subject: "Your payment to Demo Merchant was successful (Order number PAID-1)" })]);
    expect(emails()[0]!.text).toContain(`Reference number: ${reference}`);
    expect(emails()[0]!.text).not.toContain(link(sessionId));
    expect(sms()[0]!.Body).toContain("Payment of 10.000 KWD successful.");
  });

  it("a declined payment: the failed message, in the transaction's language", async () => {
    const res = await api.postJson(EC, eCommerce({ ...customer, language: "ar", email_payment_details: true }));
    const sessionId = res.body.session_id as string;
    await deliverReturn(api.ctx, (await payWith(api.ctx, sessionId, CARDS.decline)).next);
    const declined = (await events(api.ctx, sessionId)).at(-1)!;
    await dispatch(declined.event_id);
    expect(emails()).toEqual([expect.objectContaining({ to: ["sara@example.com"], subject: "تم رفض الدفع إلى Demo Merchant" })]);
  });

  it("a payment in error: the customer gets the failed flag's message, telling of the error", async () => {
    const res = await api.postJson(EC, eCommerce({ ...customer, sms_payment_details: true }));
    const sessionId = res.body.session_id as string;
    await deliverReturn(api.ctx, (await payWith(api.ctx, sessionId, CARDS.error)).next);
    const failed = (await events(api.ctx, sessionId)).at(-1)!;
    await dispatch(failed.event_id);
    expect(emails()).toEqual([]);
    expect(sms()).toEqual([expect.objectContaining({ To: "+96550000000" })]);
    expect(sms()[0]!.Body).toContain("Payment of 10.000 KWD failed.");
  });

  it("a paid transaction whose flags asked for the link only: no result message", async () => {
    const res = await api.postJson(EC, eCommerce({ ...customer, email_notification: true }));
    const sessionId = res.body.session_id as string;
    await deliverReturn(api.ctx, (await payWith(api.ctx, sessionId, CARDS.approve)).next);
    const paid = (await events(api.ctx, sessionId)).find((e) => e.to_state === "paid")!;
    expect(await dispatch(paid.event_id)).toEqual([]);
  });
});
