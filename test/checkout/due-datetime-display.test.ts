import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import PaymentStartPage from "@/app/b/checkout/redirect/start/page";
import { toCheckoutView } from "@/components/checkout/checkout-view";
import type { Caller } from "@/lib/access/auth/permissions";
import { loadPaymentPage } from "@/lib/checkout/checkout-page/load-payment-page";
import { messagesOf, planFor } from "../support/notification-flow";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { closeAppContextAfterAll } from "../support/inngest-run";
import { testContext } from "../support/test-context";

// due_datetime (issue 29) is display only: the payment page shows it beside the amount while the link can be
// paid, and the e-mails that carry the link say when the payment is due, in the transaction's language.

const ctx = testContext();
// The page reads through the app's own database context.
closeAppContextAfterAll();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

const DUE = { due_datetime: "07/11/2026 09:40:38" };
const customer = { customer_email: "sara@example.com", customer_phone: "96550000000" };
/** Intl writes narrow no-break spaces and direction marks: compare the words. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/[\u200e\u200f\u061c]/g, "");

const render = async (sessionId: string) =>
  plain(renderToStaticMarkup(await PaymentStartPage({ searchParams: Promise.resolve({ session_id: sessionId }) })));

describe("the payment page", () => {
  it("shows when the payment is due under the amount, in UTC", async () => {
    const sessionId = await newTransaction(ctx, caller, DUE);
    const page = (await loadPaymentPage({ ctx, input: { sessionId } }))!;
    expect(page.dueAt).toBe("2026-11-07T09:40:38.000Z");
    expect(toCheckoutView(page).dueAt).toBe("2026-11-07T09:40:38.000Z");
    const html = await render(sessionId);
    expect(html).toMatch(/<dt[^>]*>Due<\/dt><dd[^>]*data-testid="due">Nov 7, 2026, 9:40 AM UTC<\/dd>/);
  });

  it("in Arabic too", async () => {
    const sessionId = await newTransaction(ctx, caller, { ...DUE, language: "ar" });
    expect(await render(sessionId)).toContain("تاريخ الاستحقاق");
  });

  it("says nothing of a due date when there is none, nor once the transaction is paid", async () => {
    expect(await render(await newTransaction(ctx, caller))).not.toContain('data-testid="due"');
    const paid = await newTransaction(ctx, caller, DUE);
    await deliverReturn(ctx, (await payWith(ctx, paid, CARDS.approve)).next);
    expect(toCheckoutView((await loadPaymentPage({ ctx, input: { sessionId: paid } }))!).dueAt).toBeNull();
  });
});

describe("the e-mails", () => {
  it("the payment request says when it is due; the SMS and WhatsApp texts stay short", async () => {
    const sessionId = await newTransaction(ctx, caller, { ...DUE, ...customer, notifications: { email: ["created"], sms: ["created"], whatsapp: ["created"] } });
    await planFor(ctx, sessionId);
    const [email, sms, whatsapp] = await messagesOf(ctx, sessionId);
    expect(plain(email!.body)).toContain("Status: Awaiting payment\nDue: Nov 7, 2026, 9:40 AM UTC\n");
    for (const text of [sms!, whatsapp!]) expect(text.body).not.toContain("Due");
  });

  it("in Arabic", async () => {
    const sessionId = await newTransaction(ctx, caller, { ...DUE, ...customer, language: "ar", notifications: { email: ["created"] } });
    await planFor(ctx, sessionId);
    const [email] = await messagesOf(ctx, sessionId);
    expect(plain(email!.body)).toContain("تاريخ الاستحقاق: ٧ نوفمبر ٢٠٢٦، ٩:٤٠ ص UTC");
  });

  it("a receipt (paid) carries no due date: there is nothing left to pay", async () => {
    const sessionId = await newTransaction(ctx, caller, { ...DUE, ...customer, notifications: { email: ["paid"] } });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    await planFor(ctx, sessionId);
    const [email] = await messagesOf(ctx, sessionId);
    expect(email!.body).not.toContain("Due");
  });
});
