import { beforeAll, describe, expect, it, vi } from "vitest";
import * as callbackRoute from "@/app/b/checkout/gateway/[pg]/callback/route";
import * as returnRoute from "@/app/b/checkout/gateway/[pg]/return/route";
import type { Caller } from "@/lib/access/auth/permissions";
import { adapterFor } from "@/lib/gateways/adapters";
import { signSandboxMessage } from "@/lib/gateways/sandbox/sandbox-signature";
import { CARDS, events, freshMessage, messageIn, newTransaction, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { serveRoutes } from "../support/http-server";
import { testContext } from "../support/test-context";

const ctx = testContext();
let caller: Caller;
let base: string;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  base = await serveRoutes([
    { path: "/b/checkout/gateway/[pg]/callback", module: callbackRoute },
    { path: "/b/checkout/gateway/[pg]/return", module: returnRoute },
  ]);
});

const callback = (params: Record<string, string>, pg = "sandbox") =>
  fetch(`${base}/b/checkout/gateway/${pg}/callback/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(params),
  });

async function pendingPayment() {
  const sessionId = await newTransaction(ctx, caller);
  const paid = await payWith(ctx, sessionId, CARDS.approve);
  return { sessionId, ...paid };
}

describe("gateway messages", () => {
  it("a signed callback settles the payment; the browser return then only shows the result", async () => {
    const { sessionId, reference, next } = await pendingPayment();
    const res = await callback(await freshMessage(ctx, reference));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", changed: true });
    const back = await fetch(`${base}/b/checkout/gateway/sandbox/return/?${new URL(next).searchParams}`, { redirect: "manual" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toContain(`/b/checkout/redirect/result/?session_id=${sessionId}`);
    expect(await stateOf(ctx, sessionId)).toBe("paid");
  });

  it("does not ask the gateway again about an attempt the other message settled", async () => {
    const { sessionId, reference, next } = await pendingPayment();
    const inquire = vi.spyOn(adapterFor("sandbox")!, "inquire");
    try {
      expect((await callback(await freshMessage(ctx, reference))).status).toBe(200);
      expect(inquire).toHaveBeenCalledTimes(1);
      const back = await fetch(`${base}/b/checkout/gateway/sandbox/return/?${new URL(next).searchParams}`, { redirect: "manual" });
      expect(back.status).toBe(303);
      expect(inquire).toHaveBeenCalledTimes(1);
      expect(await stateOf(ctx, sessionId)).toBe("paid");
    } finally {
      inquire.mockRestore();
    }
  });

  it("refuses a forged signature with 400 and changes nothing", async () => {
    const { sessionId, reference } = await pendingPayment();
    const forged = { ...(await freshMessage(ctx, reference)), signature: "0".repeat(64) };
    expect((await callback(forged)).status).toBe(400);
    const resigned = signSandboxMessage("not-the-secret", { ref: reference, result: "CAPTURED", message_id: "m1", issued_at: new Date().toISOString() });
    expect((await callback(resigned)).status).toBe(400);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
  });

  it("refuses a replayed message with 400 and changes nothing", async () => {
    const { sessionId, reference, next } = await pendingPayment();
    const message = messageIn(next);
    expect((await callback(message)).status).toBe(200);
    const before = (await events(ctx, sessionId)).length;
    const replay = await callback(message);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ detail: "The gateway message was already received." });
    expect((await events(ctx, sessionId)).length).toBe(before);
    expect(reference).toBeTruthy();
  });

  it("refuses stale messages, unknown references and unknown gateways", async () => {
    const { reference } = await pendingPayment();
    const gateway = await ctx.db.selectFrom("gateway_settings").select("config").where("code", "=", "card").executeTakeFirstOrThrow();
    const secret = String(gateway.config.secret);
    const old = signSandboxMessage(secret, { ref: reference, result: "CAPTURED", message_id: "old", issued_at: "2020-01-01T00:00:00.000Z" });
    expect((await callback(old)).status).toBe(400);
    const unknown = signSandboxMessage(secret, { ref: "CKNOPE", result: "CAPTURED", message_id: "u", issued_at: new Date().toISOString() });
    expect((await callback(unknown)).status).toBe(400);
    expect((await callback(await freshMessage(ctx, reference), "other-gateway")).status).toBe(400);
    expect((await callback({})).status).toBe(400);
  });
});

describe("gateway message bodies", () => {
  it("refuses a body past the limit sent without a length, and stops reading the rest of it", async () => {
    // A sender that would go on for ever: the answer must not wait for its end, and its stream must be cancelled
    // (an unread, uncancelled rest held the connection open with no answer).
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024).fill(32)),
      cancel: () => void (cancelled = true),
    });
    const request = new Request("http://127.0.0.1/b/checkout/gateway/sandbox/callback/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    const res = await callbackRoute.POST(request, { params: Promise.resolve({ pg: "sandbox" }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: "The body is larger than the limit of 1 MiB." });
    expect(cancelled).toBe(true);
  });

  it("still reads a form-encoded message and hands the exact bytes on", async () => {
    const { sessionId, reference } = await pendingPayment();
    const message = await freshMessage(ctx, reference);
    const res = await fetch(`${base}/b/checkout/gateway/sandbox/callback/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(message),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", changed: true });
    expect(await stateOf(ctx, sessionId)).toBe("paid");
  });
});
