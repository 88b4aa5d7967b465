import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { TransactionRow } from "@/db/queries/transactions";
import { type CheckoutView, type ResultView, toCheckoutView } from "@/components/checkout/checkout-view";
import { PaymentForm } from "@/components/checkout/payment-form";
import { PaymentResult } from "@/components/checkout/payment-result";
import type { ResultKind } from "@/lib/checkout/i18n/checkout-messages";
import type { Caller } from "@/lib/access/auth/permissions";
import { loadBackToMerchant } from "@/lib/checkout/checkout-page/load-back-to-merchant";
import { loadPaymentPage } from "@/lib/checkout/checkout-page/load-payment-page";
import { backResultOf, backToMerchantUrl } from "@/lib/checkout/payments/back-to-merchant";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { cancelSandboxPayment } from "@/lib/gateways/sandbox/cancel-sandbox-payment";
import { finishChallenge } from "@/lib/gateways/sandbox/finish-challenge";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// "Back to {merchant}" on the customer pages: where it goes, what it tells the merchant, and that nothing moves.

const future = new Date(Date.now() + 3_600_000);
const row = (fields: Partial<TransactionRow>) =>
  ({
    session_id: "a".repeat(40),
    interface: "checkout",
    state: "created",
    expires_at: future,
    redirect_url: null,
    order_no: "ORD-1",
    extra: {},
    ...fields,
  }) as TransactionRow;
const none = { defaultRedirectUrl: null, websiteUrl: null };
const query = (url: string | null) => Object.fromEntries(new URL(url!).searchParams);

describe("backResultOf: what the way back tells the merchant", () => {
  it("a payable transaction: canceled, or failed after a declined card; past its deadline expired", () => {
    expect(backResultOf(row({ state: "created" }), null)).toBe("canceled");
    expect(backResultOf(row({ state: "pending" }), "pending")).toBe("canceled");
    expect(backResultOf(row({ state: "attempted" }), "canceled")).toBe("canceled");
    expect(backResultOf(row({ state: "attempted" }), "declined")).toBe("failed");
    expect(backResultOf(row({ state: "attempted", expires_at: new Date(Date.now() - 1000) }), "declined")).toBe("expired");
  });

  it("a finished one by its state; none once it succeeded", () => {
    for (const state of ["canceled", "failed", "error", "expired"] as const) expect(backResultOf(row({ state }), null)).toBe(state);
    for (const state of ["paid", "authorized", "captured", "refunded", "voided"] as const) expect(backResultOf(row({ state }), "success")).toBeNull();
  });
});

describe("backToMerchantUrl", () => {
  it("redirect_url with the redirect's query (extra, order_no, reference_number, session_id) and the result", () => {
    const txn = row({ redirect_url: "https://shop.example/back?keep=1", extra: { cart: "c9", n: 2 }, state: "attempted" });
    const url = backToMerchantUrl(txn, { defaultRedirectUrl: "https://default.example/", websiteUrl: "https://site.example/" }, {
      referenceNumber: "CK0000000000000001",
      state: "declined",
    });
    expect(url!.startsWith("https://shop.example/back?")).toBe(true);
    expect(query(url)).toEqual({
      keep: "1",
      cart: "c9",
      n: "2",
      order_no: "ORD-1",
      reference_number: "CK0000000000000001",
      session_id: "a".repeat(40),
      result: "failed",
    });
  });

  it("falls back to the default redirect URL, then the merchant's website; nowhere to go: no button", () => {
    const txn = row({});
    expect(backToMerchantUrl(txn, { defaultRedirectUrl: "https://default.example/r", websiteUrl: "https://site.example/" }, null)).toMatch(
      /^https:\/\/default\.example\/r\?order_no=ORD-1&session_id=a+&result=canceled$/,
    );
    expect(backToMerchantUrl(txn, { ...none, websiteUrl: "https://site.example/" }, null)).toMatch(/^https:\/\/site\.example\/\?/);
    expect(backToMerchantUrl(txn, none, null)).toBeNull();
  });

  it("none after a success (the redirect after the payment waits for the webhook); a legacy transaction's query has no session_id", () => {
    expect(backToMerchantUrl(row({ state: "paid", redirect_url: "https://shop.example/" }), none, { referenceNumber: "CK1", state: "success" })).toBeNull();
    const legacy = backToMerchantUrl(row({ interface: "legacy", state: "failed", redirect_url: "https://shop.example/" }), none, null);
    expect(query(legacy)).toEqual({ order_no: "ORD-1", result: "failed" });
  });
});

describe("the pages' way back, from the database", () => {
  const ctx = testContext();
  let caller: Caller;
  beforeAll(async () => {
    caller = await setUpPayments(ctx);
    await updateSettings({ ctx, input: { merchantWebsiteUrl: "https://site.example/", merchantName: "Shop" } });
  });
  const page = async (sessionId: string) => (await loadPaymentPage({ ctx, input: { sessionId } }))!;
  const declined = async (card: string) => {
    const sessionId = await newTransaction(ctx, caller, { redirect_url: "https://shop.example/back" });
    const { reference, next } = await payWith(ctx, sessionId, card);
    await deliverReturn(ctx, next);
    return { sessionId, reference };
  };

  it("a new link: to redirect_url with result=canceled, and the link is still payable", async () => {
    const sessionId = await newTransaction(ctx, caller, { redirect_url: "https://shop.example/back", order_no: "B-1" });
    const loaded = await page(sessionId);
    expect(query(loaded.backUrl)).toEqual({ order_no: "B-1", session_id: sessionId, result: "canceled" });
    expect(loaded.kind).toBe("pay");
    expect(await stateOf(ctx, sessionId)).toBe("created");
  });

  it("the card page: the open attempt's reference, result=canceled; nothing moves and the link can still be paid", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const started = await startPayment({ ctx, input: { sessionId, code: "card" } });
    if (started.kind !== "redirect") throw new Error(started.kind);
    const back = await loadBackToMerchant({ ctx, input: { reference: started.referenceNumber } });
    expect(back?.merchantName).toBe("Shop");
    expect(back!.url.startsWith("https://site.example/?")).toBe(true); // no redirect_url: the website
    expect(query(back!.url)).toMatchObject({ reference_number: started.referenceNumber, session_id: sessionId, result: "canceled" });
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    const { next } = await payWith(ctx, sessionId, CARDS.approve);
    await deliverReturn(ctx, next);
    expect(await stateOf(ctx, sessionId)).toBe("paid");
    expect(await loadBackToMerchant({ ctx, input: { reference: started.referenceNumber } })).toBeNull(); // succeeded
    expect(await loadBackToMerchant({ ctx, input: { reference: "CK0000000000000000" } })).toBeNull();
  });

  it("an earlier attempt's card page: the latest attempt decides, with the transaction's extra; a deleted one has none", async () => {
    const { sessionId, reference: first } = await declined(CARDS.decline);
    await ctx.db.updateTable("transactions").set({ extra: { cart: "c-9" } }).where("session_id", "=", sessionId).execute();
    expect(query((await loadBackToMerchant({ ctx, input: { reference: first } }))!.url)).toMatchObject({ reference_number: first, result: "failed" });
    const second = await startPayment({ ctx, input: { sessionId, code: "card" } });
    if (second.kind !== "redirect") throw new Error(second.kind);
    const back = await loadBackToMerchant({ ctx, input: { reference: first } });
    expect(back!.url.startsWith("https://shop.example/back?")).toBe(true);
    expect(query(back!.url)).toEqual({ cart: "c-9", session_id: sessionId, reference_number: second.referenceNumber, result: "canceled" });
    await ctx.db.updateTable("transactions").set({ deleted_at: new Date() }).where("session_id", "=", sessionId).execute();
    expect(await loadBackToMerchant({ ctx, input: { reference: second.referenceNumber } })).toBeNull();
  });

  it("a declined card: result=failed with its reference, and why in the customer's terms", async () => {
    const { sessionId, reference } = await declined(CARDS.decline);
    const loaded = await page(sessionId);
    expect(query(loaded.backUrl)).toMatchObject({ reference_number: reference, result: "failed" });
    expect(toCheckoutView(loaded).result).toMatchObject({ kind: "declined", declineReason: "insufficient_funds" });
    expect(await stateOf(ctx, sessionId)).toBe("attempted");
  });

  it("each sandbox decline has its reason: expired card, wrong CVV, not a test card, 3-D Secure denied", async () => {
    const reason = async (sessionId: string) => toCheckoutView(await page(sessionId)).result?.declineReason;
    expect(await reason((await declined("4000 0000 0000 0101")).sessionId)).toBe("card_expired");
    expect(await reason((await declined("4000 0000 0000 0127")).sessionId)).toBe("check_details");
    expect(await reason((await declined("4242 4242 4242 4242")).sessionId)).toBe("check_details");
    const sessionId = await newTransaction(ctx, caller);
    const { reference } = await payWith(ctx, sessionId, CARDS.challenge); // on to the challenge page
    await deliverReturn(ctx, (await finishChallenge({ ctx, input: { reference, approve: false } })).url);
    expect(await reason(sessionId)).toBe("another_card");
  });

  it("a canceled attempt: result=canceled, no decline reason", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const started = await startPayment({ ctx, input: { sessionId, code: "card" } });
    if (started.kind !== "redirect") throw new Error(started.kind);
    await deliverReturn(ctx, (await cancelSandboxPayment({ ctx, input: { reference: started.referenceNumber } })).url);
    const loaded = await page(sessionId);
    expect(query(loaded.backUrl)).toMatchObject({ result: "canceled" });
    expect(toCheckoutView(loaded).result).toMatchObject({ kind: "canceled", declineReason: null });
  });

  it("a paid transaction has no way back of this kind: its redirect waits for the webhook", async () => {
    const sessionId = await newTransaction(ctx, caller, { redirect_url: "https://shop.example/back" });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    expect((await page(sessionId)).backUrl).toBeNull();
  });
});

describe("what the pages render of it", () => {
  const merchant = { name: "Shop", logoUrl: null, websiteUrl: "https://site.example/", supportEmail: null, supportPhone: null };
  const view = (fields: Partial<CheckoutView> = {}): CheckoutView => ({
    language: "en",
    sessionId: "a".repeat(40),
    merchant,
    orderNo: null,
    dueAt: null,
    productType: null,
    amount: "10.000",
    currency: "KWD",
    decimals: 3,
    methods: [],
    result: null,
    retryNotice: null,
    backUrl: null,
    testMode: "off",
    consent: null,
    ...fields,
  });
  const outcome = (kind: ResultKind, fields: Partial<ResultView> = {}): ResultView => ({
    kind,
    referenceNumber: null,
    amount: "10.000",
    methodName: null,
    card: null,
    completedAt: null,
    isSandbox: false,
    message: null,
    declineReason: null,
    ...fields,
  });
  const result = (v: CheckoutView) => renderToStaticMarkup(createElement(PaymentResult, { view: v, result: v.result! }));

  it("a declined result: why, Try again and Back to the merchant's page", () => {
    const html = result(view({ result: outcome("declined", { declineReason: "card_expired" }), backUrl: "https://shop.example/back?a=1&result=failed" }));
    expect(html).toContain("The card has expired: try another card.");
    expect(html).toContain("Try again");
    expect(html).toContain('<a href="https://shop.example/back?a=1&amp;result=failed"');
    expect(html).toContain("Back to Shop");
  });

  it("nowhere to go: no button; an expired page without a contact sends the customer to none", () => {
    const html = result(view({ result: outcome("expired") }));
    expect(html).not.toContain("Back to");
    expect(html).toContain("The time to pay has passed.");
    expect(html).not.toMatch(/contact/i);
    const withContact = result(view({ merchant: { ...merchant, supportPhone: "+96522000000" }, result: outcome("expired") }));
    expect(withContact).toContain("Please contact Shop for a new payment link.");
  });

  it("a paid result keeps its Return to the website, and no Back to", () => {
    const html = result(view({ result: outcome("paid") }));
    expect(html).toContain('<a href="https://site.example/"');
    expect(html).toContain("Return to Shop");
    expect(html).not.toContain("Back to");
  });

  it("the payment form: the first method chosen, the button's amount per method switched by CSS", () => {
    const method = (code: string, amount: string, fee: string) => ({ code, name: code, icon: "/i.svg", amount, fee, feeDescription: "", isSandbox: true });
    const html = renderToStaticMarkup(
      createElement(PaymentForm, {
        language: "en",
        sessionId: "a".repeat(40),
        currency: "KWD",
        decimals: 3,
        methods: [method("plain", "86.000", "0.000"), method("fee", "87.540", "1.540")],
        consent: null,
      }),
    );
    expect(html).toMatch(/<input id="method-plain"[^>]*data-method-index="0"[^>]*checked=""/);
    expect(html).not.toMatch(/<input id="method-fee"[^>]*checked/);
    expect(html).toContain('<span data-for-method="0">Pay KWD'); // one copy per method, the rules in a <style>
    expect(html).toContain('<span data-for-method="1">Pay KWD');
    expect(html).toContain('.checkout-page:has(input[data-method-index="1"]:checked) [data-for-method="1"]{display:inline}');
  });
});
