import { beforeEach, describe, expect, it } from "vitest";
import { startProvidersForApp } from "../support/provider-stand-in";

// Each bulk row's flags send its payment link as a single legacy payment request's do: through the created
// event's planning and the real Resend and Twilio SDKs pointed at a local stand-in. lib/core/env.ts reads the
// environment once, on first import: set it first, then import.
const credentials = { resendKey: "re_legacy_bulk_key", twilioSid: `AC${"4567cdef".repeat(4)}`, twilioToken: "twilio-bulk-token" };
const standIn = await startProvidersForApp(credentials);

const { planEventEffects } = await import("@/lib/jobs/plan-event-effects");
const { sendMessage } = await import("@/lib/delivery/notifications/send-message");
const { createBulkPaymentRequests } = await import("@/lib/legacy/bulk/create-bulk-payment-requests");
const { events } = await import("../support/payment-flow");
const { csv, startBulk } = await import("../support/legacy-bulk");

const api = await startBulk();
beforeEach(() => {
  standIn.requests.length = 0;
});

/** Plans the transaction's created event's messages as the dispatcher does, and sends each through the stand-in. */
async function dispatchCreated(sessionId: string) {
  const [created] = await events(api.ctx, sessionId);
  const { messageIds } = await planEventEffects(api.ctx.db, created!.event_id);
  for (const messageId of messageIds) await sendMessage({ ctx: api.ctx, input: { messageId } });
  return messageIds;
}

describe("bulk rows' flags", () => {
  it("send each row's link by e-mail and SMS as its flags say, and nothing for a row without flags", async () => {
    const file = csv([
      "amount,currency_code,customer_email,customer_phone,order_no,language,email_notification,sms_notification",
      "10,KWD,sara@example.com,96550000000,FLAG-1,en,true,1",
      "11,KWD,omar@example.com,,FLAG-2,ar,yes,no",
      "12,KWD,lina@example.com,,FLAG-3,,,",
      "13,KWD,noor@example.com,,FLAG-4,,,on",
    ]);
    const result = await createBulkPaymentRequests({ ctx: api.ctx, input: { caller: api.uploader, file: { name: "flags.csv", bytes: file } } });
    expect(result.invalid).toEqual([
      { line: 5, errors: { sms_notification: ["customer_phone is required when sms_notification is on: it is where the payment link goes."] } },
    ]);
    const [first, second, third] = result.created;

    expect(await dispatchCreated(first!.session_id)).toHaveLength(2);
    expect(await dispatchCreated(second!.session_id)).toHaveLength(1);
    expect(await dispatchCreated(third!.session_id)).toEqual([]);

    const emails = standIn.requests.filter((r) => r.provider === "resend").map((r) => r.body);
    const sms = standIn.requests.filter((r) => r.provider === "twilio").map((r) => r.body);
    expect(emails.map((e) => e.to)).toEqual([["sara@example.com"], ["omar@example.com"]]);
    expect(emails[0]!.text).toContain(first!.checkout_url);
    expect(emails[1]!.subject).toBe("طلب دفع من Demo Merchant (رقم الطلب FLAG-2)");
    expect(sms).toEqual([expect.objectContaining({ To: "+96550000000" })]);
    expect(sms[0]!.Body).toContain(first!.checkout_url);
  });
});
