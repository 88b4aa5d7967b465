import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// E-mail through the real Resend SDK, pointed at a local stand-in that fails while `resendDown` holds; no
// Twilio keys, so SMS are recorded. lib/core/env.ts reads the environment once: set it, then import the app.
let resendDown = false;
const sent: Record<string, unknown>[] = [];
const standIn = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (resendDown) {
    res.writeHead(503, { "content-type": "application/json" }).end('{"statusCode":503,"name":"application_error","message":"down"}');
    return;
  }
  sent.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
  res.writeHead(200, { "content-type": "application/json" }).end(`{"id":"re-${sent.length}"}`);
});
await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));
Object.assign(process.env, {
  RESEND_API_KEY: "re_inngest_test_key",
  RESEND_BASE_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
});

const { InngestTestEngine } = await import("@inngest/test");
const { sendMessage } = await import("@/inngest/functions");
const { planEventEffects } = await import("@/lib/jobs/plan-event-effects");
const { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } = await import("../support/payment-flow");
const { closeAppContextAfterAll, outgoing, received } = await import("../support/inngest-run");
const { testContext } = await import("../support/test-context");

const ctx = testContext();
closeAppContextAfterAll();
let caller: Awaited<ReturnType<typeof setUpPayments>>;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

/** A paid transaction with an e-mail and an SMS planned for its result; returns the message ids by channel. */
async function plannedMessages() {
  const sessionId = await newTransaction(ctx, caller, {
    customer_email: "sara@example.com",
    customer_phone: "96550000000",
    notifications: { email: ["paid"], sms: ["paid"] },
  });
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
  const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
  const { messageIds } = await planEventEffects(ctx.db, paid.event_id);
  const rows = await ctx.db.selectFrom("messages").select(["id", "channel"]).where("id", "in", messageIds).execute();
  return { email: String(rows.find((r) => r.channel === "email")!.id), sms: String(rows.find((r) => r.channel === "sms")!.id) };
}

const send = (messageId: string) =>
  new InngestTestEngine({ function: sendMessage }).execute({ events: [received(outgoing.messageRequested(messageId))] });
const message = (id: string) => ctx.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("Inngest function send-message", () => {
  it("sends an e-mail through the provider, and records an SMS when no provider is configured", async () => {
    const { email, sms } = await plannedMessages();
    expect((await send(email)).result).toEqual({ messageId: email, outcome: "sent" });
    expect(sent.at(-1)).toMatchObject({ to: ["sara@example.com"] });
    expect(await message(email)).toMatchObject({ state: "sent", provider: "resend" });

    expect((await send(sms)).result).toEqual({ messageId: sms, outcome: "recorded" });
    expect(await message(sms)).toMatchObject({ state: "recorded" });

    // A repeated request (a replayed event) sends nothing again.
    const before = sent.length;
    expect((await send(email)).result).toEqual({ messageId: email, outcome: "unchanged" });
    expect(sent).toHaveLength(before);
  });

  it("fails the run on a temporary provider error, so Inngest retries it, and a retry sends the message", async () => {
    const { email } = await plannedMessages();
    resendDown = true;
    const failed = await send(email);
    expect(failed.result).toBeUndefined();
    expect(failed.error).toMatchObject({ name: "ProviderError", message: expect.stringContaining("503") });
    expect(await message(email)).toMatchObject({ state: "pending" });
    expect(sendMessage.opts.retries).toBeGreaterThanOrEqual(3);

    resendDown = false;
    expect((await send(email)).result).toEqual({ messageId: email, outcome: "sent" });
    expect(await message(email)).toMatchObject({ state: "sent" });
  });
});
