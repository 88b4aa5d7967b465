import { beforeAll, describe, expect, it } from "vitest";
import { toCheckoutView } from "@/components/checkout/checkout-view";
import type { Caller } from "@/lib/access/auth/permissions";
import { loadPaymentPage } from "@/lib/checkout/checkout-page/load-payment-page";
import { returnedAttempt } from "@/lib/checkout/checkout-page/returned-attempt";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { performOperation } from "@/lib/checkout/operations/perform-operation";
import { inquirePayment } from "@/lib/checkout/payments/inquire-payment";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { createGateway } from "../support/factories";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// What the hosted payment and result pages show, from the database: the rules the page components render.

const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await createGateway(ctx, { code: "live", currencies: ["KWD"], isSandbox: false });
  await updateSettings({ ctx, input: { merchantWebsiteUrl: "https://shop.example/" } });
});

const page = async (sessionId: string) => (await loadPaymentPage({ ctx, input: { sessionId } }))!;

async function view(sessionId: string, reference?: string) {
  const loaded = await page(sessionId);
  const returned = reference ? returnedAttempt(loaded, reference) : null;
  return toCheckoutView(loaded, returned);
}

async function start(sessionId: string) {
  const started = await startPayment({ ctx, input: { sessionId, code: "card" } });
  if (started.kind !== "redirect") throw new Error(started.kind);
  return started.referenceNumber;
}

describe("the payment and result pages' view", () => {
  it("before any attempt: the form, no result, and the merchant's site", async () => {
    const v = await view(await newTransaction(ctx, caller));
    expect(v.result).toBeNull();
    expect(v.retryNotice).toBeNull();
    expect(v.methods.map((m) => m.code)).toEqual(["card"]);
    expect(v.merchant.websiteUrl).toBe("https://shop.example/");
  });

  it("a paid transaction's receipt: reference, amount, method, card and time of the gateway's answer", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const { reference, next } = await payWith(ctx, sessionId, CARDS.approve);
    await deliverReturn(ctx, next);
    const v = await view(sessionId);
    expect(v.methods).toEqual([]); // nothing to pay any more
    expect(v.result).toMatchObject({
      kind: "paid",
      referenceNumber: reference,
      amount: "10.000",
      methodName: "card",
      card: { brand: "Visa", masked: "•••• 1111" },
      isSandbox: true,
    });
    expect(Date.now() - new Date(v.result!.completedAt!).getTime()).toBeLessThan(60_000);
  });

  it("the tab sent back from a replaced attempt is told so while the transaction can still be paid", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const first = await start(sessionId);
    const second = await start(sessionId);
    expect((await view(sessionId, first)).result).toMatchObject({ kind: "superseded", referenceNumber: first });
    // The latest attempt's own return, no reference, or one of another transaction: the latest attempt.
    const other = await newTransaction(ctx, caller);
    const foreign = await start(other);
    for (const reference of [second, undefined, foreign, "not a reference"]) {
      expect((await view(sessionId, reference)).result).toMatchObject({ kind: "pending", referenceNumber: second });
    }
  });

  it("once paid, the page reports the payment whichever attempt the tab came back from", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const first = await start(sessionId);
    const { next } = await payWith(ctx, sessionId, CARDS.approve);
    await deliverReturn(ctx, next);
    expect((await view(sessionId, first)).result).toMatchObject({ kind: "paid" });
  });

  it("a declined attempt: the form again with a notice", async () => {
    const sessionId = await newTransaction(ctx, caller);
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.decline)).next);
    const v = await view(sessionId);
    expect(v.retryNotice).toBe("declined");
    expect(v.result).toMatchObject({ kind: "declined" });
  });

  it("'Test mode': always when every method is a sandbox, while one is chosen when some are, never otherwise", async () => {
    const modes = async (codes: string[]) => (await view(await newTransaction(ctx, caller, { pg_codes: codes }))).testMode;
    expect(await modes(["card"])).toBe("on");
    expect(await modes(["live"])).toBe("off");
    // Create and update refuse sandbox and production together now; a transaction stored before that rule (or
    // whose gateway setting changed mode since) may still have both.
    const mixed = await newTransaction(ctx, caller, { pg_codes: ["card"] });
    await ctx.db.updateTable("transactions").set({ pg_codes: ["card", "live"] }).where("session_id", "=", mixed).execute();
    expect((await view(mixed)).testMode).toBe("when-chosen");
  });

  it("an unknown or malformed session has no page", async () => {
    for (const sessionId of ["0".repeat(40), "not-a-session", ""]) {
      expect(await loadPaymentPage({ ctx, input: { sessionId } })).toBeNull();
    }
  });
  it("a second charge the bank approved after the link was canceled: the page says it is being returned; a deleted link is not found", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const { reference } = await payWith(ctx, sessionId, CARDS.noAnswer);
    await performOperation({ ctx, input: { caller, fields: { operation: "cancel", session_id: sessionId } } });
    await inquirePayment({ ctx, input: { referenceNumber: reference } });
    const v = await view(sessionId, reference);
    expect(v.result).toMatchObject({ kind: "duplicate", referenceNumber: reference, amount: "10.000" });
    expect(v.methods).toEqual([]);

    const deleted = await newTransaction(ctx, caller);
    await performOperation({ ctx, input: { caller, fields: { operation: "delete", session_id: deleted } } });
    expect(await loadPaymentPage({ ctx, input: { sessionId: deleted } })).toBeNull();
  });
});

