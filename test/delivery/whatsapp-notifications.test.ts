import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startProvidersForApp } from "../support/provider-stand-in";

// notifications.whatsapp (issue 29): the same events and text as SMS, to customer_phone, through the real twilio
// SDK's Messages API addressed whatsapp:+…, from TWILIO_WHATSAPP_FROM; recorded and retried like SMS. The stand-in
// refuses a From and To of different channels, as Twilio does. lib/core/env.ts reads the environment once, on
// first import: set it first, then import the application.
const credentials = { resendKey: "re_test_whatsapp", twilioSid: `AC${"fedcba9876543210".repeat(2)}`, twilioToken: "twilio-token-whatsapp" };
const standIn = await startProvidersForApp(credentials);

const { sendMessage } = await import("@/lib/delivery/notifications/send-message");
const { startCheckoutApi } = await import("../support/checkout-setup");
const { messagesOf, planFor } = await import("../support/notification-flow");
const { CARDS, deliverReturn, payWith } = await import("../support/payment-flow");
const { minimal } = await import("../support/checkout-samples");

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.control.respond = undefined;
  standIn.control.loseAnswers = false;
});

const MESSAGES_PATH = `/2010-04-01/Accounts/${credentials.twilioSid}/Messages.json`;
const row = (id: string) => api.ctx.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const send = (messageId: string) => sendMessage({ ctx: api.ctx, input: { messageId } });

/** A transaction created over HTTP with WhatsApp (and SMS) for `paid`, paid, its messages planned. */
async function paid(fields: Record<string, unknown> = {}) {
  const created = await api.create(
    minimal({ customer_phone: "96550000000", order_no: `WA-${Math.random()}`, notifications: { whatsapp: ["paid"], sms: ["paid"] }, ...fields }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sessionId = created.body.session_id as string;
  await deliverReturn(api.ctx, (await payWith(api.ctx, sessionId, CARDS.approve)).next);
  await planFor(api.ctx, sessionId);
  const rows = await messagesOf(api.ctx, sessionId);
  return { sessionId, sms: rows.find((m) => m.channel === "sms")!, whatsapp: rows.find((m) => m.channel === "whatsapp")! };
}

describe("WhatsApp messages", () => {
  it("are planned like SMS: the same text, to customer_phone", async () => {
    const { sms, whatsapp } = await paid();
    expect(whatsapp).toMatchObject({ channel: "whatsapp", recipient: "96550000000", subject: null, body: sms.body, state: "pending" });
    expect(whatsapp.body).toMatch(/^Demo Merchant: Payment of 10\.000 KWD successful\. Order WA-/);
  });

  it("go through Twilio's Messages API, whatsapp:-addressed from TWILIO_WHATSAPP_FROM, and are recorded as sent", async () => {
    const { whatsapp } = await paid();
    await expect(send(whatsapp.id)).resolves.toEqual({ messageId: whatsapp.id, outcome: "sent" });
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]).toMatchObject({ provider: "twilio", method: "POST", path: MESSAGES_PATH });
    expect(standIn.requests[0]!.body).toEqual({ To: "whatsapp:+96550000000", From: "whatsapp:+14155238886", Body: whatsapp.body });
    const sent = await row(whatsapp.id);
    expect(sent).toMatchObject({ state: "sent", provider: "twilio", error: null, sent_at: expect.any(Date) });
    expect(sent.provider_message_id).toMatch(/^SM[0-9a-f]{32}$/);
    await expect(send(whatsapp.id)).resolves.toMatchObject({ outcome: "unchanged" });
    expect(standIn.requests).toHaveLength(1);
  });

  it("the SMS of the same event still goes out as an SMS, from TWILIO_FROM", async () => {
    const { sms } = await paid();
    await send(sms.id);
    expect(standIn.requests[0]!.body).toEqual({ To: "+96550000000", From: "+15005550006", Body: sms.body });
  });

  it("a Created WhatsApp message is sent when the transaction is created over the API", async () => {
    const created = await api.create(minimal({ customer_phone: "+96551111111", notifications: { whatsapp: ["created"] } }));
    const [planned] = await planFor(api.ctx, created.body.session_id);
    const [message] = await messagesOf(api.ctx, created.body.session_id);
    expect(message).toMatchObject({ id: planned, channel: "whatsapp", recipient: "+96551111111" });
    expect(message!.body).toContain(created.body.checkout_url);
    await send(message!.id);
    expect(standIn.requests[0]!.body).toMatchObject({ To: "whatsapp:+96551111111", Body: expect.stringContaining("Please pay 10.000 KWD.") });
  });

  it("Twilio failing: pending with the error, retried; each retry first asks Twilio for the whatsapp: address", async () => {
    const { whatsapp } = await paid();
    standIn.control.respond = () => ({ status: 503, body: { code: 20503, message: "Service Unavailable", status: 503 } });
    await expect(send(whatsapp.id)).rejects.toThrow(/^twilio: 503 \(code 20503\): Service Unavailable$/);
    expect(await row(whatsapp.id)).toMatchObject({ state: "pending", provider: null, error: "twilio: 503 (code 20503): Service Unavailable" });

    standIn.control.respond = undefined;
    await expect(send(whatsapp.id)).resolves.toMatchObject({ outcome: "sent" });
    expect(await row(whatsapp.id)).toMatchObject({ state: "sent", provider: "twilio", error: null });
    expect(standIn.requests.map((r) => r.method)).toEqual(["POST", "GET", "POST"]);
    expect(standIn.requests[1]!.query).toMatchObject({ To: "whatsapp:+96550000000" });
  });

  it("Twilio took it but the answer was lost: the retry finds it and sends nothing twice", async () => {
    const { whatsapp } = await paid();
    standIn.control.loseAnswers = true;
    await expect(send(whatsapp.id)).rejects.toThrow(/^twilio: no response/);
    standIn.control.loseAnswers = false;
    await expect(send(whatsapp.id)).resolves.toMatchObject({ outcome: "sent" });
    const delivered = standIn.sms.filter((m) => m.to === "whatsapp:+96550000000" && m.body === whatsapp.body);
    expect(delivered).toHaveLength(1);
    expect((await row(whatsapp.id)).provider_message_id).toBe(delivered[0]!.sid);
    expect(standIn.requests.map((r) => r.method)).toEqual(["POST", "GET"]);
  });

  it("a refusal for good (not a WhatsApp user) ends it failed, without a retry", async () => {
    const { whatsapp } = await paid();
    standIn.control.respond = () => ({ status: 400, body: { code: 63003, message: "Channel could not find To address", status: 400 } });
    await expect(send(whatsapp.id)).resolves.toEqual({ messageId: whatsapp.id, outcome: "failed" });
    expect(await row(whatsapp.id)).toMatchObject({ state: "failed", error: "twilio: 400 (code 63003): Channel could not find To address" });
    await expect(send(whatsapp.id)).resolves.toMatchObject({ outcome: "unchanged" });
    expect(standIn.requests).toHaveLength(1);
  });
});
