import { beforeAll, describe, expect, it } from "vitest";
import * as returnRoute from "@/app/b/checkout/gateway/[pg]/return/route";
import type { Caller } from "@/lib/access/auth/permissions";
import { serveRoutes } from "../support/http-server";
import { CARDS, newTransaction, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// The gateway's return sends the customer straight back to the merchant when the result page would only redirect
// there; every other return still lands on the result page.
const ctx = testContext();
let caller: Caller;
let base: string;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  base = await serveRoutes([{ path: "/b/checkout/gateway/[pg]/return", module: returnRoute }]);
});

/** The browser following the sandbox's return to us: where we send it, and how. */
async function comeBack(next: string) {
  const url = new URL(next);
  const res = await fetch(`${base}${url.pathname}${url.search}`, { redirect: "manual" });
  return { status: res.status, location: new URL(res.headers.get("location") ?? "", base), referrer: res.headers.get("referrer-policy") };
}

const resultPath = "/b/checkout/redirect/result/";

describe("the gateway's return", () => {
  it("sends a paid customer back to the merchant at once, with the redirect's query and no referrer", async () => {
    const sessionId = await newTransaction(ctx, caller, { redirect_url: "https://shop.example/done", order_no: "R-1" });
    const { reference, next } = await payWith(ctx, sessionId, CARDS.approve);

    const back = await comeBack(next);
    expect(back.status).toBe(303);
    expect(`${back.location.origin}${back.location.pathname}`).toBe("https://shop.example/done");
    expect(Object.fromEntries(back.location.searchParams)).toMatchObject({ session_id: sessionId, order_no: "R-1", reference_number: reference });
    expect(back.referrer).toBe("no-referrer");
    expect(await stateOf(ctx, sessionId)).toBe("paid");
  });

  it("shows the result page when there is nowhere to send the customer, or the bank has not answered", async () => {
    const nowhere = await newTransaction(ctx, caller);
    const pending = await newTransaction(ctx, caller, { redirect_url: "https://shop.example/done" });
    for (const [sessionId, card] of [
      [nowhere, CARDS.approve],
      [pending, CARDS.noAnswer],
    ] as const) {
      const { reference, next } = await payWith(ctx, sessionId, card);
      const back = await comeBack(next);
      expect(back.status).toBe(303);
      expect(back.location.pathname).toBe(resultPath);
      expect(Object.fromEntries(back.location.searchParams)).toEqual({ session_id: sessionId, reference });
    }
  });

  it("leaves an attempt of the embedded checkout's frame on the result page, which tells the merchant's page", async () => {
    const sessionId = await newTransaction(ctx, caller, { redirect_url: "https://shop.example/done" });
    const { reference, next } = await payWith(ctx, sessionId, CARDS.approve);
    await ctx.db.updateTable("payment_attempts").set({ embed_origin: "https://shop.example" }).where("reference_number", "=", reference).execute();

    const back = await comeBack(next);
    expect(back.location.pathname).toBe(resultPath);
    expect(back.location.searchParams.get("reference")).toBe(reference);
  });
});
