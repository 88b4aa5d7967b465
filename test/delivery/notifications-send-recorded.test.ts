import { beforeAll, describe, expect, it, vi } from "vitest";

// No provider keys in this file, whatever the shell has: messages are recorded, not sent.
vi.hoisted(() => {
  for (const name of ["RESEND_API_KEY", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TWILIO_WHATSAPP_FROM"]) delete process.env[name];
});

import type { Caller } from "@/lib/access/auth/permissions";
import { listMessages } from "@/lib/delivery/notifications/list-messages";
import { sendMessage } from "@/lib/delivery/notifications/send-message";
import { messagesOf, planFor } from "../support/notification-flow";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { runAdminCli } from "../support/run-script";
import { testContext } from "../support/test-context";

const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

let orders = 41;
async function paidWithMessages(extra: Record<string, unknown> = {}) {
  orders += 1;
  const sessionId = await newTransaction(ctx, caller, {
    customer_email: "sara@example.com",
    customer_phone: "96550000000",
    order_no: `ORD-${orders}`,
    notifications: { email: ["paid"], sms: ["paid"] },
    ...extra,
  });
  const { next } = await payWith(ctx, sessionId, CARDS.approve);
  await deliverReturn(ctx, next);
  return { sessionId, ids: await planFor(ctx, sessionId) };
}

describe("sendMessage without provider keys", () => {
  it("records every message (state recorded, no provider), once", async () => {
    const { sessionId, ids } = await paidWithMessages();
    for (const messageId of ids) await expect(sendMessage({ ctx, input: { messageId } })).resolves.toEqual({ messageId, outcome: "recorded" });
    for (const messageId of ids) await expect(sendMessage({ ctx, input: { messageId } })).resolves.toEqual({ messageId, outcome: "unchanged" });
    const rows = await messagesOf(ctx, sessionId);
    expect(rows.map((m) => [m.channel, m.state, m.provider, m.provider_message_id, m.error, m.sent_at])).toEqual([
      ["email", "recorded", null, null, null, null],
      ["sms", "recorded", null, null, null, null],
    ]);
  });

  it("a WhatsApp message without TWILIO_WHATSAPP_FROM (and Twilio keys) is recorded like an SMS", async () => {
    const { sessionId, ids } = await paidWithMessages({ notifications: { whatsapp: ["paid"] } });
    expect(ids).toHaveLength(1);
    await expect(sendMessage({ ctx, input: { messageId: ids[0]! } })).resolves.toEqual({ messageId: ids[0], outcome: "recorded" });
    expect((await messagesOf(ctx, sessionId)).map((m) => [m.channel, m.recipient, m.state, m.provider])).toEqual([["whatsapp", "96550000000", "recorded", null]]);
  });

  it("an unknown message id is nothing to do", async () => {
    await expect(sendMessage({ ctx, input: { messageId: "987654321" } })).resolves.toEqual({ messageId: "987654321", outcome: "unchanged" });
  });

  it("listMessages: newest first, of one transaction, limited", async () => {
    const older = await paidWithMessages();
    const newer = await paidWithMessages();
    const all = await listMessages({ ctx, input: {} });
    expect(all.slice(0, 4).map((m) => m.id)).toEqual([...newer.ids].reverse().concat([...older.ids].reverse()));
    expect((await listMessages({ ctx, input: { sessionId: older.sessionId } })).map((m) => m.id)).toEqual([...older.ids].reverse());
    expect(await listMessages({ ctx, input: { limit: 1 } })).toHaveLength(1);
  });
});

describe("npm run admin -- messages", () => {
  it("prints the messages of a transaction: time, channel, recipient, state, subject and body", async () => {
    const { sessionId, ids } = await paidWithMessages();
    const orderNo = (await messagesOf(ctx, sessionId))[0]!.subject!.match(/ORD-\d+/)![0];
    for (const messageId of ids) await sendMessage({ ctx, input: { messageId } });
    const result = await runAdminCli("messages", "--session", sessionId);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const lines = result.stdout.split("\n");
    expect(lines[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\tsms\\t96550000000\\trecorded\\tsession ${sessionId}$`));
    expect(lines[1]).toMatch(new RegExp(`^ {2}Demo Merchant: Payment of 10\\.000 KWD successful\\. Order ${orderNo}\\. Ref \\S+\\.$`));
    expect(lines[3]).toMatch(/\temail\tsara@example\.com\trecorded\t/);
    expect(lines[4]).toBe(`Subject: Your payment to Demo Merchant was successful (Order number ${orderNo})`);
    expect(result.stdout).toContain("  Dear customer,\n\n  Your payment of 10.000 KWD to Demo Merchant was successful. Thank you.\n");
  });

  it("--limit caps the list; a bad --limit is a usage error; no messages says so", async () => {
    const one = await runAdminCli("messages", "--limit", "1");
    expect(one.code).toBe(0);
    expect(one.stdout.split("\n").filter((l) => /^\d{4}-/.test(l))).toHaveLength(1);
    expect(await runAdminCli("messages", "--limit", "x")).toMatchObject({ code: 2, stderr: expect.stringContaining("--limit must be a whole number.") });
    expect(await runAdminCli("messages", "--session", "f".repeat(40))).toMatchObject({ code: 0, stdout: "No messages.\n" });
  });
});
