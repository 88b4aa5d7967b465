import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { tryOutcome } from "@/lib/delivery/webhooks/failure-cause";
import { ANSWER_BYTES, boundedText, postWebhook } from "@/lib/delivery/webhooks/post-webhook";
import { webhookBody } from "@/lib/delivery/webhooks/webhook-body";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

// A failed webhook says why in words (not undici's bare system code), and each try keeps what was sent (the
// headers, the signature masked) and the start of the answer, bounded: what the panel shows to debug a receiver.

const ctx = testContext();
const KEY = "failure-causes-key-0123456789";
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { webhookHmacKey: KEY } });
});

/** A local server answering every request with `status`, `body` and `headers`; its URL. */
async function answering(status: number, body: string | Buffer, headers: http.OutgoingHttpHeaders = { "content-type": "text/html" }): Promise<string> {
  const server = http.createServer((req, res) => req.resume().on("end", () => res.writeHead(status, headers).end(body)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

/** A port on which nothing listens: opened, then closed. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const post = (url: string) => postWebhook({ url, id: "evt-1", body: '{"a":1}', keys: [KEY] });

describe("the cause of a failed try, in words", () => {
  it("connection refused", async () => {
    const port = await closedPort();
    const answer = await post(`http://127.0.0.1:${port}/hook`);
    expect(answer).toMatchObject({ status: null, excerpt: null, error: `Connection refused: nothing accepts connections at 127.0.0.1:${port}.` });
  });

  it("a DNS failure for a name that does not resolve", async () => {
    const answer = await post("http://nonexistent.invalid/hook");
    expect(answer.error).toMatch(/^DNS failure: (nonexistent\.invalid does not resolve\.|looking up nonexistent\.invalid failed for now)/);
  });

  it("a TLS error for a plain-HTTP port spoken to as https", async () => {
    const url = (await answering(200, "ok")).replace("http:", "https:");
    const answer = await post(url);
    expect(answer.status).toBeNull();
    expect(answer.error).toMatch(/^TLS error: ERR_SSL_[A-Z_]+ \(/);
  });

  it("a timeout after the configured seconds for a receiver that never answers", async () => {
    const silent = await startReceiver(() => "hang");
    const answer = await post(silent.url);
    expect(answer.error).toBe("Timeout after 2 s: " + new URL(silent.url).host + " did not answer in time.");
    expect(answer.durationMs).toBeGreaterThanOrEqual(1900);
  });

  it("the HTTP status of an answer that is not a success", async () => {
    const answer = await post(await answering(503, "down for maintenance"));
    expect(answer).toMatchObject({ status: 503, excerpt: "down for maintenance", error: null });
    expect(tryOutcome({ status_code: 503, error: null })).toBe("HTTP status 503");
    expect(tryOutcome({ status_code: 204, error: null })).toBe("Delivered: HTTP status 204");
  });

  it("a redirect is the answer: its status is kept and its Location is not followed", async () => {
    const elsewhere = await startReceiver();
    const answer = await post(await answering(307, "moved", { location: elsewhere.url }));
    expect(answer).toMatchObject({ status: 307, excerpt: "moved", error: null });
    expect(elsewhere.received).toHaveLength(0);
  });
});

describe("what a try keeps", () => {
  it("the headers sent with the signature masked, the first 2 KB of the answer as text, and the exact body", async () => {
    const url = await answering(500, `<h1>Error</h1>${"x".repeat(5000)}`);
    const sessionId = await newTransaction(ctx, caller, { webhook_url: url });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
    const [deliveryId] = (await planEventEffects(ctx.db, paid.event_id)).deliveryIds;
    await attemptDelivery({ ctx, input: { deliveryId: deliveryId!, scheduleRetry: false } });

    const [attempt] = await ctx.db.selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", deliveryId!).execute();
    expect(attempt).toMatchObject({ status_code: 500, error: null });
    expect(attempt!.response_excerpt).toHaveLength(ANSWER_BYTES);
    expect(attempt!.response_excerpt!.startsWith("<h1>Error</h1>xxx")).toBe(true);
    expect(attempt!.request_headers).toEqual({
      "content-type": "application/json",
      "user-agent": "checkout-webhooks/1",
      "webhook-id": paid.event_id,
      "webhook-timestamp": expect.stringMatching(/^\d{10}$/),
      "webhook-signature": expect.stringMatching(/^v1,[A-Za-z0-9+/]{6}…$/),
    });
    expect(JSON.stringify(attempt!.request_headers)).not.toContain(KEY);
  });

  it("cuts a multi-byte answer at a character boundary, within 2 KB, without NULs", () => {
    const text = boundedText(Buffer.from(`${"é".repeat(1500)}`, "utf8"));
    expect(Buffer.byteLength(text)).toBe(2048);
    expect(text).toBe("é".repeat(1024));
    expect(boundedText(Buffer.from("a\u0000b"))).toBe("a\ufffdb");
    expect(boundedText(Buffer.from([0xff, 0xfe]))).toBe("\ufffd\ufffd");
  });

  it("the body shown is the body sent, byte for byte", async () => {
    const receiver = await startReceiver();
    const sessionId = await newTransaction(ctx, caller, { webhook_url: receiver.url, order_no: "BODY-1" });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
    const [deliveryId] = (await planEventEffects(ctx.db, paid.event_id)).deliveryIds;
    await attemptDelivery({ ctx, input: { deliveryId: deliveryId!, scheduleRetry: false } });
    const row = await ctx.db.selectFrom("webhook_deliveries").select("payload").where("id", "=", deliveryId!).executeTakeFirstOrThrow();
    expect(webhookBody(row.payload)).toBe(receiver.received[0]!.body);
  });
});
