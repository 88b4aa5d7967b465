import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { WEBHOOK_WAITED_HEADER } from "@/lib/checkout/checkout-page/session-header";
import { proxy } from "@/proxy";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// proxy.ts answers the result page's usual end itself, back to the merchant, instead of letting the page render
// only to redirect; any other result page renders as before, told that the webhook's answer was waited for.
const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

const run = (path: string, headers: Record<string, string> = {}) => proxy(new NextRequest(new URL(path, "http://127.0.0.1:3000"), { headers }));
const forwarded = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);
const resultPage = (sessionId: string, reference: string) => `/b/checkout/redirect/result/?session_id=${sessionId}&reference=${reference}`;

describe("the result page in the proxy", () => {
  it("sends the customer of a finished payment back to the merchant, with the page's headers", async () => {
    const sessionId = await newTransaction(ctx, caller, { redirect_url: "https://shop.example/done" });
    const { reference, next } = await payWith(ctx, sessionId, CARDS.approve);
    await deliverReturn(ctx, next);

    const response = await run(resultPage(sessionId, reference));
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://shop.example/done");
    expect(location.searchParams.get("session_id")).toBe(sessionId);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-middleware-next")).toBeNull();
  });

  it("lets the page show a payment still with the bank, telling it not to wait again", async () => {
    const sessionId = await newTransaction(ctx, caller, { redirect_url: "https://shop.example/done" });
    const { reference } = await payWith(ctx, sessionId, CARDS.approve);

    const response = await run(resultPage(sessionId, reference));
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(forwarded(response, WEBHOOK_WAITED_HEADER)).toBe("1");
  });

  it("never passes a client's own header on", async () => {
    for (const path of ["/sandbox/pay/CK1", `/b/checkout/redirect/start/?session_id=${"a".repeat(40)}`]) {
      expect(forwarded(await run(path, { [WEBHOOK_WAITED_HEADER]: "1" }), WEBHOOK_WAITED_HEADER), path).toBeNull();
    }
  });
});
