import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startProvidersForApp } from "../support/provider-stand-in";

// The real resend and twilio SDKs, pointed at a local stand-in through RESEND_BASE_URL and TWILIO_BASE_URL.
// lib/core/env.ts reads the environment once, on first import: set it first, then import the application.
const credentials = { resendKey: "re_test_0123456789secret", twilioSid: `AC${"0123456789abcdef".repeat(2)}`, twilioToken: "twilio-token-secret-42" };
const standIn = await startProvidersForApp(credentials);

const { sendMessage } = await import("@/lib/delivery/notifications/send-message");
const { testContext } = await import("../support/test-context");
const { messagesOf, planFor } = await import("../support/notification-flow");
const { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } = await import("../support/payment-flow");

const ctx = testContext();
let caller: Awaited<ReturnType<typeof setUpPayments>>;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.control.respond = undefined;
  standIn.control.delayMs = 0;
  standIn.control.loseAnswers = false;
});

/** A paid transaction whose e-mail and SMS are planned; returns the message rows. */
async function planned(fields: Record<string, unknown> = {}) {
  const sessionId = await newTransaction(ctx, caller, {
    customer_email: "sara@example.com",
    customer_phone: "96550000000",
    notifications: { email: ["paid"], sms: ["paid"] },
    ...fields,
  });
  const { next } = await payWith(ctx, sessionId, CARDS.approve);
  await deliverReturn(ctx, next);
  await planFor(ctx, sessionId);
  const [email, sms] = await messagesOf(ctx, sessionId);
  return { sessionId, email: email!, sms: sms! };
}

const row = async (id: string) => ctx.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const send = (messageId: string) => sendMessage({ ctx, input: { messageId } });

describe("sendMessage with Resend and Twilio keys", () => {
  it("sends the e-mail through the resend SDK: recipient, sender, subject, text and HTML, an idempotency key", async () => {
    const { email } = await planned();
    await expect(send(email.id)).resolves.toEqual({ messageId: email.id, outcome: "sent" });
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request).toMatchObject({ provider: "resend", method: "POST", path: "/emails" });
    expect(request!.headers.authorization).toBe(`Bearer ${credentials.resendKey}`);
    expect(request!.headers["idempotency-key"]).toBe(`${email.event_id}/email/${email.id}`);
    expect(request!.body).toMatchObject({
      from: "Blue Shop <payments@shop.example>",
      to: ["sara@example.com"],
      subject: "Your payment to Demo Merchant was successful",
      text: email.body,
    });
    expect(request!.body.html).toContain("<p>Your payment of 10.000 KWD to Demo Merchant was successful. Thank you.</p>");

    const sent = await row(email.id);
    expect(sent).toMatchObject({ state: "sent", provider: "resend", error: null });
    expect(sent.provider_message_id).toMatch(/^re-[0-9a-f]{16}$/);
    expect(sent.sent_at).toBeInstanceOf(Date);
  });

  it("sends the SMS through the twilio SDK to the E.164 number, from TWILIO_FROM", async () => {
    const { sms } = await planned();
    await expect(send(sms.id)).resolves.toEqual({ messageId: sms.id, outcome: "sent" });
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request).toMatchObject({ provider: "twilio", method: "POST", path: `/2010-04-01/Accounts/${credentials.twilioSid}/Messages.json` });
    expect(request!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request!.body).toEqual({ To: "+96550000000", From: "+15005550006", Body: sms.body });
    const sent = await row(sms.id);
    expect(sent).toMatchObject({ state: "sent", provider: "twilio", error: null });
    expect(sent.provider_message_id).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it("a second run sends nothing more", async () => {
    const { email, sms } = await planned();
    await send(email.id);
    await send(sms.id);
    await expect(send(email.id)).resolves.toMatchObject({ outcome: "unchanged" });
    await expect(send(sms.id)).resolves.toMatchObject({ outcome: "unchanged" });
    expect(standIn.requests).toHaveLength(2);
  });

  it("two concurrent runs send once", async () => {
    const { email, sms } = await planned();
    standIn.control.delayMs = 300;
    for (const message of [email, sms]) {
      const outcomes = await Promise.all([send(message.id), send(message.id)]);
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(["sent", "unchanged"]);
    }
    expect(standIn.requests.map((r) => r.provider)).toEqual(["resend", "twilio"]);
  });

  it("Resend answering 500: the error is recorded without secrets, thrown for a retry, and the retry sends it with the same key", async () => {
    const { email } = await planned();
    standIn.control.respond = () => ({ status: 500, body: { statusCode: 500, name: "internal_server_error", message: "Something broke" } });
    await expect(send(email.id)).rejects.toThrow("resend: 500 internal_server_error: Something broke");
    const failed = await row(email.id);
    expect(failed).toMatchObject({ state: "pending", provider: null, provider_message_id: null, sent_at: null });
    expect(failed.error).toBe("resend: 500 internal_server_error: Something broke");

    standIn.control.respond = undefined;
    await expect(send(email.id)).resolves.toMatchObject({ outcome: "sent" });
    expect(await row(email.id)).toMatchObject({ state: "sent", provider: "resend", error: null });
    const keys = standIn.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("Twilio answering 500, then nothing at all: pending with the error each time; then sent", async () => {
    const { sms } = await planned();
    standIn.control.respond = () => ({ status: 500, body: { code: 20500, message: "Internal Server Error", status: 500 } });
    await expect(send(sms.id)).rejects.toThrow(/^twilio: 500 \(code 20500\): Internal Server Error$/);
    expect(await row(sms.id)).toMatchObject({ state: "pending", error: "twilio: 500 (code 20500): Internal Server Error" });

    standIn.control.respond = () => "drop";
    await expect(send(sms.id)).rejects.toThrow(/^twilio: no response \(code ECONNRESET\): socket hang up$/);
    const dropped = await row(sms.id);
    expect(dropped.state).toBe("pending");
    for (const secret of [credentials.twilioToken, credentials.resendKey]) expect(dropped.error).not.toContain(secret);

    standIn.control.respond = undefined;
    await expect(send(sms.id)).resolves.toMatchObject({ outcome: "sent" });
    expect(await row(sms.id)).toMatchObject({ state: "sent", provider: "twilio", error: null });
    // After the first try, each try first asks Twilio whether an earlier one went through (it did not).
    expect(standIn.requests.map((r) => r.method)).toEqual(["POST", "GET", "GET", "POST"]);
  });

  it("Twilio took the SMS but its answer was lost (as when the process dies): the next try finds it and sends nothing", async () => {
    const { sms } = await planned();
    standIn.control.loseAnswers = true;
    await expect(send(sms.id)).rejects.toThrow(/^twilio: no response/);
    expect(await row(sms.id)).toMatchObject({ state: "pending", send_started_at: expect.any(Date) });
    expect(standIn.sms.filter((m) => m.body === sms.body)).toHaveLength(1); // the customer has it already

    standIn.control.loseAnswers = false;
    await expect(send(sms.id)).resolves.toMatchObject({ outcome: "sent" });
    const sent = await row(sms.id);
    expect(sent).toMatchObject({ state: "sent", provider_message_id: standIn.sms.find((m) => m.body === sms.body)!.sid });
    expect(standIn.sms.filter((m) => m.body === sms.body)).toHaveLength(1);
    expect(standIn.requests.map((r) => r.method)).toEqual(["POST", "GET"]);
    expect(standIn.requests[1]!.query).toMatchObject({ To: "+96550000000" });
  });

  it("a provider error that repeats a secret is stored and thrown with the secret redacted", async () => {
    const { email } = await planned();
    standIn.control.respond = (r) => ({
      status: 401,
      body: { statusCode: 401, name: "validation_error", message: `API key ${String(r.headers.authorization).slice(7)} is invalid` },
    });
    await expect(send(email.id)).rejects.toThrow("resend: 401 validation_error: API key [redacted] is invalid");
    expect((await row(email.id)).error).toBe("resend: 401 validation_error: API key [redacted] is invalid");
  });

  it("Resend unreachable: no response recorded, pending", async () => {
    const { email } = await planned();
    standIn.control.respond = () => "drop";
    await expect(send(email.id)).rejects.toThrow(/^resend: no response /);
    expect(await row(email.id)).toMatchObject({ state: "pending", provider: null });
  });

  it("a request the provider rejects for good (422, Twilio 400) ends the message as failed, without a retry", async () => {
    const { email, sms } = await planned();
    standIn.control.respond = (r) =>
      r.provider === "resend"
        ? { status: 422, body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field." } }
        : { status: 400, body: { code: 21211, message: "The 'To' number +96550000000 is not a valid phone number.", status: 400 } };
    await expect(send(email.id)).resolves.toEqual({ messageId: email.id, outcome: "failed" });
    await expect(send(sms.id)).resolves.toEqual({ messageId: sms.id, outcome: "failed" });
    expect(await row(email.id)).toMatchObject({ state: "failed", error: "resend: 422 validation_error: Invalid `to` field." });
    expect(await row(sms.id)).toMatchObject({
      state: "failed",
      error: "twilio: 400 (code 21211): The 'To' number +96550000000 is not a valid phone number.",
    });
    await expect(send(email.id)).resolves.toMatchObject({ outcome: "unchanged" });
    expect(standIn.requests).toHaveLength(2);
  });

  it("an Arabic e-mail goes out right-to-left", async () => {
    const { email } = await planned({ language: "ar" });
    await send(email.id);
    const body = standIn.requests[0]!.body;
    expect(body.subject).toBe("تم الدفع إلى Demo Merchant بنجاح");
    expect(body.html).toContain('<html lang="ar" dir="rtl">');
  });
});
