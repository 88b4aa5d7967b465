import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { PaymentForm } from "@/components/checkout/payment-form";
import { type CheckoutView, toCheckoutView } from "@/components/checkout/checkout-view";
import type { Agreement } from "@/db/types";
import type { Caller } from "@/lib/access/auth/permissions";
import { agreementSummary, agreementSummaryText, formatAgreementDate } from "@/lib/checkout/checkout-page/agreement-summary";
import { loadPaymentPage } from "@/lib/checkout/checkout-page/load-payment-page";
import { loadCardPage } from "@/lib/gateways/sandbox/load-card-page";
import type { Language } from "@/lib/checkout/i18n/format-money";
import { performOperation } from "@/lib/checkout/operations/perform-operation";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { newTransaction, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// What the customer agrees to before paying: the auto_debit agreement's summary and the save_card notice, in
// English and Arabic, from the summary builder and from the database through the payment page's view; and the
// sandbox card page's notice instead of its "Save this card" checkbox.

/** Intl writes a no-break space (and, in Arabic, direction marks) into amounts: compare the words. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/[\u200e\u200f\u061c]/g, "");

const KWD = (language: Language) => ({ merchant: "E2E Store", amount: "86.000", currency: "KWD", decimals: 3, language });
const summary = (agreement: Agreement, language: Language) => {
  const s = agreementSummary(agreement, KWD(language));
  expect(s.leadParts.join("")).toBe(s.lead);
  return { lead: plain(s.lead), terms: s.terms.map(plain), cardSaved: plain(s.cardSaved) };
};

const MONTHLY: Agreement = {
  id: "sub-42",
  type: "recurring",
  amount_variability: "fixed",
  start_date: "2027-01-01",
  expiry_date: "2027-12-31",
  cycle_interval_days: 30,
  total_cycles: 12,
  frequency: "monthly",
};

describe("the agreement's summary", () => {
  it("a fixed monthly agreement in English: who, which agreement, the same amount, when, how long", () => {
    expect(summary(MONTHLY, "en")).toEqual({
      lead: "By paying, you agree that E2E Store may charge this card later without asking you again, under agreement sub-42:",
      terms: ["the same amount, KWD 86.000, each time", "monthly (every 30 days), 12 times", "from Jan 1, 2027 until Dec 31, 2027"],
      cardSaved: "Your card will be saved with the payment provider for these charges.",
    });
    expect(plain(agreementSummaryText(agreementSummary(MONTHLY, KWD("en")), "en"))).toBe(
      "By paying, you agree that E2E Store may charge this card later without asking you again, under agreement sub-42: " +
        "the same amount, KWD 86.000, each time; monthly (every 30 days), 12 times; from Jan 1, 2027 until Dec 31, 2027. " +
        "Your card will be saved with the payment provider for these charges.",
    );
  });

  it("the same in Arabic, with Arabic digits and dates", () => {
    expect(summary(MONTHLY, "ar")).toEqual({
      lead: "بإتمامك الدفع، توافق على أن يخصم E2E Store من هذه البطاقة لاحقًا دون الرجوع إليك، وفق الاتفاقية sub-42:",
      terms: ["المبلغ نفسه، ٨٦٫٠٠٠ د.ك.، في كل مرة", "شهريًا (كل ٣٠ يومًا)، ١٢ مرة", "من ١ يناير ٢٠٢٧ حتى ٣١ ديسمبر ٢٠٢٧"],
      cardSaved: "ستُحفظ بطاقتك لدى مزوّد خدمة الدفع لهذه الدفعات.",
    });
    expect(plain(agreementSummaryText(agreementSummary(MONTHLY, KWD("ar")), "ar"))).toContain("؛ شهريًا (كل ٣٠ يومًا)، ١٢ مرة؛ ");
  });

  it("a variable amount: its maximum when there is one", () => {
    const variable: Agreement = { ...MONTHLY, amount_variability: "variable", max_amount_per_cycle: "25.5" };
    expect(summary(variable, "en").terms[0]).toBe("a varying amount, at most KWD 25.500 each time");
    expect(summary(variable, "ar").terms[0]).toBe("مبلغ متغيّر، بحدّ أقصى ٢٥٫٥٠٠ د.ك. في كل مرة");
    const unbounded: Agreement = { ...MONTHLY, amount_variability: "variable" };
    expect(summary(unbounded, "en").terms[0]).toBe("a varying amount");
    expect(summary(unbounded, "ar").terms[0]).toBe("مبلغ متغيّر");
  });

  it("instalments, with the seller and only an end date", () => {
    const plan: Agreement = {
      id: "plan-7",
      type: "installment",
      amount_variability: "fixed",
      expiry_date: "2027-06-30",
      total_cycles: 3,
      cycle_interval_days: 7,
      frequency: "weekly",
      seller: { name: "Acme Kuwait", short_name: "ACME" },
    };
    expect(summary(plan, "en").terms).toEqual([
      "the same amount, KWD 86.000, each time",
      "in 3 instalments, weekly (every 7 days)",
      "until Jun 30, 2027",
      "on behalf of Acme Kuwait",
    ]);
    expect(summary(plan, "ar").terms).toEqual([
      "المبلغ نفسه، ٨٦٫٠٠٠ د.ك.، في كل مرة",
      "على ٣ دفعات، أسبوعيًا (كل ٧ أيام)",
      "حتى ٣٠ يونيو ٢٠٢٧",
      "نيابةً عن Acme Kuwait",
    ]);
  });

  it("unscheduled: when needed; event based: after an agreed event; a start date alone", () => {
    expect(summary({ id: "top-up", type: "unscheduled" }, "en").terms).toEqual(["when needed"]);
    expect(summary({ id: "top-up", type: "unscheduled" }, "ar").terms).toEqual(["عند الحاجة"]);
    const event: Agreement = { id: "ev-1", type: "event_based", amount_variability: "variable", start_date: "2027-03-05", seller: { short_name: "ACME" } };
    expect(summary(event, "en").terms).toEqual(["a varying amount", "after an agreed event", "from Mar 5, 2027", "on behalf of ACME"]);
    expect(summary(event, "ar").terms).toEqual(["مبلغ متغيّر", "عند وقوع حدث متفق عليه", "ابتداءً من ٥ مارس ٢٠٢٧", "نيابةً عن ACME"]);
  });

  it("counts take the right plural in both languages", () => {
    const every = (days: number, cycles: number, language: Language) =>
      summary({ id: "a", type: "recurring", amount_variability: "fixed", cycle_interval_days: days, total_cycles: cycles, frequency: "other" }, language).terms[1];
    expect(every(1, 1, "en")).toBe("every day, once");
    expect(every(2, 2, "en")).toBe("every 2 days, 2 times");
    expect(every(1, 1, "ar")).toBe("كل يوم، مرة واحدة");
    expect(every(2, 2, "ar")).toBe("كل يومين، مرتين");
    expect(every(3, 10, "ar")).toBe("كل ٣ أيام، ١٠ مرات");
    expect(every(11, 99, "ar")).toBe("كل ١١ يومًا، ٩٩ مرة");
    expect(every(100, 102, "ar")).toBe("كل ١٠٠ يوم، ١٠٢ مرة");
    const instalments = (n: number) => summary({ id: "a", type: "installment", total_cycles: n }, "ar").terms[0];
    expect([1, 2, 4, 24].map(instalments)).toEqual(["على دفعة واحدة", "على دفعتين", "على ٤ دفعات", "على ٢٤ دفعة"]);
    // Every frequency has words, but "other", which adds none.
    for (const frequency of ["irregular", "daily", "weekly", "monthly", "quarterly", "semi_annually", "yearly"]) {
      for (const language of ["en", "ar"] as const) {
        const terms = summary({ id: "a", type: "recurring", frequency }, language).terms;
        expect(terms, `${frequency} ${language}`).toHaveLength(1);
        expect(terms[0]).not.toMatch(/_|undefined|null/);
      }
    }
    expect(summary({ id: "a", type: "recurring", frequency: "semi_annually" }, "en").terms).toEqual(["twice a year"]);
  });

  it("dates in the page's language", () => {
    expect(formatAgreementDate("2027-12-31", "en")).toBe("Dec 31, 2027");
    expect(plain(formatAgreementDate("2027-12-31", "ar"))).toBe("٣١ ديسمبر ٢٠٢٧");
  });
});

const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { merchantName: "E2E Store" } });
});

describe("the payment page's consent, from the database", () => {
  const year = new Date().getUTCFullYear() + 1;
  const agreement = {
    id: "sub-view-1",
    type: "recurring",
    amount_variability: "fixed",
    start_date: `${year}-01-01`,
    expiry_date: `${year}-12-31`,
    cycle_interval_days: 30,
    total_cycles: 12,
    frequency: "monthly",
  };

  const view = async (sessionId: string) => toCheckoutView((await loadPaymentPage({ ctx, input: { sessionId } }))!);
  const autoDebit = (language: Language) =>
    newTransaction(ctx, caller, { amount: "86", payment_type: "auto_debit", customer_id: "cust-view", agreement, language });

  it("auto_debit in English and Arabic: the agreement's terms with the transaction's amount", async () => {
    const en = (await view(await autoDebit("en"))).consent;
    expect(en?.kind).toBe("auto_debit");
    if (en?.kind !== "auto_debit") return;
    expect(plain(en.lead)).toBe("By paying, you agree that E2E Store may charge this card later without asking you again, under agreement sub-view-1:");
    expect(en.terms.map(plain)).toEqual([
      "the same amount, KWD 86.000, each time",
      "monthly (every 30 days), 12 times",
      `from Jan 1, ${year} until Dec 31, ${year}`,
    ]);
    expect(en.cardSaved).toBe("Your card will be saved with the payment provider for these charges.");

    const ar = (await view(await autoDebit("ar"))).consent;
    if (ar?.kind !== "auto_debit") throw new Error(`no auto_debit consent: ${JSON.stringify(ar)}`);
    expect(plain(ar.lead)).toBe("بإتمامك الدفع، توافق على أن يخصم E2E Store من هذه البطاقة لاحقًا دون الرجوع إليك، وفق الاتفاقية sub-view-1:");
    expect(ar.terms.map(plain)[0]).toBe("المبلغ نفسه، ٨٦٫٠٠٠ د.ك.، في كل مرة");
    expect(ar.terms.map(plain)[1]).toBe("شهريًا (كل ٣٠ يومًا)، ١٢ مرة");
    expect(ar.terms.map(plain)[2]).toMatch(/^من ١ يناير [٠-٩]{4} حتى ٣١ ديسمبر [٠-٩]{4}$/);
  });

  it("save_card: the notice; with a zero amount, that nothing is charged", async () => {
    const saved = await view(await newTransaction(ctx, caller, { payment_type: "save_card", customer_id: "cust-view" }));
    expect(saved.consent).toEqual({ kind: "save_card", notice: "Your card will be saved for faster payments with E2E Store.", nothingCharged: null });

    // A zero amount: only the card is checked.
    const zero = (language: Language) => newTransaction(ctx, caller, { amount: "0", payment_type: "save_card", customer_id: "cust-view", language });
    expect((await view(await zero("en"))).consent).toEqual({
      kind: "save_card",
      notice: "Your card will be saved for faster payments with E2E Store.",
      nothingCharged: "Nothing is charged now: your bank only checks the card.",
    });
    expect((await view(await zero("ar"))).consent).toEqual({
      kind: "save_card",
      notice: "ستُحفظ بطاقتك لتدفع بسرعة أكبر في المرات القادمة مع E2E Store.",
      nothingCharged: "لن يُخصم أي مبلغ الآن، سيتحقق البنك من البطاقة فقط.",
    });
  });

  it("one_off: nothing to agree to; nor once there is nothing left to pay", async () => {
    expect((await view(await newTransaction(ctx, caller))).consent).toBeNull();
    expect((await view(await newTransaction(ctx, caller, { customer_id: "cust-view" }))).consent).toBeNull();
    const canceled = await autoDebit("en");
    await performOperation({ ctx, input: { caller, fields: { operation: "cancel", session_id: canceled } } });
    const v = await view(canceled);
    expect(v.result?.kind).toBe("closed");
    expect(v.consent).toBeNull();
  });

  it("the sandbox card page: must_save for save_card and auto_debit, not for one_off with a customer", async () => {
    const cardPage = async (sessionId: string) => {
      const started = await startPayment({ ctx, input: { sessionId, code: "card" } });
      if (started.kind !== "redirect") throw new Error(started.kind);
      return (await loadCardPage({ ctx, input: { reference: started.referenceNumber } }))!;
    };
    expect(await cardPage(await autoDebit("en"))).toMatchObject({ mustSave: true, canSaveCard: true, merchantName: "E2E Store" });
    const saveCard = await newTransaction(ctx, caller, { payment_type: "save_card", customer_id: "cust-page" });
    expect(await cardPage(saveCard)).toMatchObject({ mustSave: true, canSaveCard: true });
    expect(await cardPage(await newTransaction(ctx, caller, { customer_id: "cust-page" }))).toMatchObject({ mustSave: false, canSaveCard: true });
    expect(await cardPage(await newTransaction(ctx, caller))).toMatchObject({ mustSave: false, canSaveCard: false });
  });
});

describe("the payment form's markup", () => {

  const html = (v: CheckoutView) =>
    renderToStaticMarkup(
      createElement(PaymentForm, { language: v.language, sessionId: v.sessionId, currency: v.currency, decimals: v.decimals, methods: v.methods, consent: v.consent }),
    ).replace(/<!-- -->/g, "");
  const loaded = async (fields: Record<string, unknown>) =>
    (await loadPaymentPage({ ctx, input: { sessionId: await newTransaction(ctx, caller, { customer_id: "cust-html", ...fields }) } }))!;

  it("auto_debit: the consent is text of the form, before the Pay button, and no script of its own", async () => {
    const agreement = { id: "sub-html", type: "unscheduled", seller: { name: "Acme" } };
    const form = html(toCheckoutView(await loaded({ payment_type: "auto_debit", agreement })));
    const consent = form.indexOf("By paying, you agree that E2E Store may charge this card later without asking you again, under agreement <bdi class=\"whitespace-nowrap\">sub-html</bdi>:");
    expect(consent).toBeGreaterThan(form.indexOf("<form"));
    expect(consent).toBeLessThan(form.indexOf("<button"));
    expect(form).toContain("<li>when needed</li><li>on behalf of Acme</li>");
    expect(form).toContain("Your card will be saved with the payment provider for these charges.");
    expect(form).not.toContain("<script");
  });

  it("save_card: the notice and the Pay button; with a zero amount the button says Save card", async () => {
    const page = await loaded({ payment_type: "save_card" });
    const paying = html(toCheckoutView(page));
    expect(paying).toContain("Your card will be saved for faster payments with E2E Store.");
    expect(plain(paying)).toMatch(/<button[^>]*>Pay KWD 10\.000<\/button>/);

    const zero = html(toCheckoutView(await loaded({ payment_type: "save_card", amount: "0" })));
    expect(zero).toMatch(/<button[^>]*>Save card<\/button>/);
    expect(zero).toContain("Nothing is charged now: your bank only checks the card.");
    expect(zero).not.toContain("Pay KWD");
    expect(html(toCheckoutView(await loaded({ payment_type: "save_card", amount: "0", language: "ar" })))).toMatch(/<button[^>]*>احفظ البطاقة<\/button>/);
  });

  it("one_off: no consent", async () => {
    const form = html(toCheckoutView(await loaded({})));
    expect(form).not.toContain("saved");
    expect(form).not.toContain("agree");
  });
});
