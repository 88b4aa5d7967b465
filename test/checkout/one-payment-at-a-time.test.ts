import { beforeAll, describe, expect, it } from "vitest";
import * as payRoute from "@/app/b/checkout/redirect/pay/route";
import type { Caller } from "@/lib/access/auth/permissions";
import { chargeCard } from "@/lib/gateways/sandbox/charge-card";
import { finishChallenge } from "@/lib/gateways/sandbox/finish-challenge";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { serveRoutes } from "../support/http-server";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// Two tabs of one checkout_url: starting an attempt releases the earlier unfinished one at the gateway, so it
// can never be charged; an earlier attempt whose card is already with the bank blocks a new one instead.

const ctx = testContext();
let caller: Caller;
let base: string;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  base = await serveRoutes([{ path: "/b/checkout/redirect/pay", module: payRoute }]);
});

async function start(sessionId: string) {
  const started = await startPayment({ ctx, input: { sessionId, code: "card" } });
  if (started.kind !== "redirect") throw new Error(`payment did not start: ${started.kind}`);
  return started.referenceNumber;
}

const card = (reference: string, number: string = CARDS.approve) =>
  chargeCard({ ctx, input: { reference, cardNumber: number, expiry: "12/39", cvv: "123", name: "Sara Ahmad", saveCard: false } });

const attempts = (sessionId: string) =>
  ctx.db.selectFrom("payment_attempts").select(["reference_number", "state", "message"]).where("session_id", "=", sessionId).orderBy("id").execute();

const sandboxStatus = async (reference: string) =>
  (await ctx.db.selectFrom("sandbox_payments").select("status").where("reference_number", "=", reference).executeTakeFirstOrThrow()).status;

describe("one payment at a time", () => {
  it("a new attempt supersedes the one still waiting for the card; the old one's card page then refuses to charge", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const first = await start(sessionId);
    const second = await start(sessionId);

    expect(await attempts(sessionId)).toEqual([
      { reference_number: first, state: "superseded", message: "Replaced by a newer payment attempt" },
      { reference_number: second, state: "pending", message: null },
    ]);
    expect(await sandboxStatus(first)).toBe("canceled");
    const superseded = (await events(ctx, sessionId)).filter((e) => e.kind === "attempt_superseded");
    expect(superseded).toHaveLength(1);
    expect(superseded[0]).toMatchObject({ from_state: "pending", to_state: "pending", cause: "newer_attempt", data: { reference_number: first } });

    // The first tab types its card: nothing is charged, its return changes nothing, and the second tab pays.
    const back = await card(first);
    expect(await sandboxStatus(first)).toBe("canceled");
    expect((await deliverReturn(ctx, back.url)).changed).toBe(false);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    await deliverReturn(ctx, (await card(second)).url);
    expect(await stateOf(ctx, sessionId)).toBe("paid");
    expect((await attempts(sessionId)).map((a) => a.state)).toEqual(["superseded", "success"]);
  });

  it("a 3-D Secure challenge left open is superseded too: approving it afterwards charges nothing", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const first = await start(sessionId);
    await card(first, CARDS.challenge);
    expect(await sandboxStatus(first)).toBe("challenge");
    await start(sessionId);
    const back = await finishChallenge({ ctx, input: { reference: first, approve: true } });
    expect(await sandboxStatus(first)).toBe("canceled");
    expect((await deliverReturn(ctx, back.url)).changed).toBe(false);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
  });

  it("while an earlier card is with the bank, no new attempt starts; the pay route sends the customer to wait", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const { reference } = await payWith(ctx, sessionId, CARDS.noAnswer);
    expect(await sandboxStatus(reference)).toBe("processing");
    expect(await startPayment({ ctx, input: { sessionId, code: "card" } })).toEqual({ kind: "busy" });

    const res = await fetch(`${base}/b/checkout/redirect/pay/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session_id: sessionId, code: "card" }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(new RegExp(`/b/checkout/redirect/result/\\?session_id=${sessionId}$`));
    expect(await attempts(sessionId)).toEqual([{ reference_number: reference, state: "pending", message: null }]);
  });

  it("Pay pressed in two tabs at once: one attempt left pending, the other superseded", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const started = await Promise.all(Array.from({ length: 5 }, () => start(sessionId)));
    expect(new Set(started).size).toBe(5);
    const states = (await attempts(sessionId)).map((a) => a.state);
    expect(states.filter((s) => s === "pending")).toHaveLength(1);
    expect(states.filter((s) => s === "superseded")).toHaveLength(4);
  });

  it("a card sent while another tab starts a new attempt: never two charges", async () => {
    for (let round = 0; round < 10; round++) {
      const sessionId = await newTransaction(ctx, caller);
      const first = await start(sessionId);
      // The first tab's card and the second tab's Pay race; whichever wins, at most one attempt is charged.
      const [charged, second] = await Promise.all([card(first), startPayment({ ctx, input: { sessionId, code: "card" } })]);
      await deliverReturn(ctx, charged.url).catch(() => undefined);
      if (second.kind === "redirect") await deliverReturn(ctx, (await card(second.referenceNumber)).url);
      const approved = await ctx.db
        .selectFrom("sandbox_payments as s")
        .innerJoin("payment_attempts as a", "a.reference_number", "s.reference_number")
        .select("s.status")
        .where("a.session_id", "=", sessionId)
        .where("s.status", "=", "approved")
        .execute();
      expect(approved).toHaveLength(1);
      expect(await stateOf(ctx, sessionId)).toBe("paid");
    }
  });
});
