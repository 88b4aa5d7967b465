import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { addCurrency } from "@/lib/config/currencies/add-currency";
import { messageHtml } from "@/lib/delivery/notifications/message-html";
import { type MessageFacts, renderMessage } from "@/lib/delivery/notifications/render-message";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { createGateway } from "../support/factories";
import { addEvent, messagesOf, planFor } from "../support/notification-flow";
import { newTransaction, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await createGateway(ctx, { code: "usd", currencies: ["USD", "JPY"] });
  await addCurrency({ ctx, input: { code: "USD", decimals: 2 } });
  await addCurrency({ ctx, input: { code: "JPY", decimals: 0 } });
});

const facts = (extra: Partial<MessageFacts> = {}): MessageFacts => ({
  kind: "paid",
  language: "en",
  merchant: "Blue Shop",
  amount: "10.500",
  currencyCode: "KWD",
  firstName: "Sara",
  product: null,
  orderNo: "ORD-7",
  referenceNumber: "REF123",
  link: null,
  due: null,
  ...extra,
});

describe("renderMessage", () => {
  it("English e-mail: subject with the order, greeting, sentence, details and footer", () => {
    expect(renderMessage("email", facts())).toEqual({
      subject: "Your payment to Blue Shop was successful (Order number ORD-7)",
      body: [
        "Dear Sara,",
        "",
        "Your payment of 10.500 KWD to Blue Shop was successful. Thank you.",
        "",
        "Merchant: Blue Shop",
        "Amount: 10.500 KWD",
        "Status: Paid",
        "Order number: ORD-7",
        "Reference number: REF123",
        "",
        "This message was sent on behalf of Blue Shop by its payment service. Please do not reply to it.",
      ].join("\n"),
    });
  });

  it("Arabic e-mail", () => {
    expect(renderMessage("email", facts({ language: "ar", firstName: null }))).toEqual({
      subject: "تم الدفع إلى Blue Shop بنجاح (رقم الطلب ORD-7)",
      body: [
        "عزيزي العميل،",
        "",
        "تمت عملية دفع 10.500 KWD إلى Blue Shop بنجاح. شكرًا لك.",
        "",
        "التاجر: Blue Shop",
        "المبلغ: 10.500 KWD",
        "الحالة: مدفوع",
        "رقم الطلب: ORD-7",
        "الرقم المرجعي: REF123",
        "",
        "أُرسلت هذه الرسالة نيابةً عن Blue Shop من خدمة الدفع الخاصة به. يُرجى عدم الرد عليها.",
      ].join("\n"),
    });
  });

  it("SMS in English and Arabic: short, without a subject", () => {
    expect(renderMessage("sms", facts())).toEqual({ subject: null, body: "Blue Shop: Payment of 10.500 KWD successful. Order ORD-7. Ref REF123." });
    expect(renderMessage("sms", facts({ language: "ar" }))).toEqual({ subject: null, body: "Blue Shop: تم دفع 10.500 KWD بنجاح. الطلب ORD-7. المرجع REF123." });
    expect(renderMessage("sms", facts({ kind: "created", orderNo: null, referenceNumber: null, link: "https://pay.example/x" })).body).toBe(
      "Blue Shop: Please pay 10.500 KWD. https://pay.example/x",
    );
  });

  it("says what is being paid for (product_type) in the e-mail's details and the SMS, in the message's language", () => {
    const link = facts({ kind: "created", product: "Annual membership", referenceNumber: null, link: "https://pay.example/x" });
    expect(renderMessage("email", link).body).toContain("Merchant: Blue Shop\nFor: Annual membership\nAmount: 10.500 KWD");
    expect(renderMessage("sms", link).body).toBe("Blue Shop: Please pay 10.500 KWD. For Annual membership. Order ORD-7. https://pay.example/x");
    expect(renderMessage("email", { ...link, language: "ar" }).body).toContain("التاجر: Blue Shop\nمقابل: Annual membership\n");
  });

  it("every kind has its words in both languages; an error is not told as a decline", () => {
    const kinds = ["created", "paid", "canceled", "failed", "error", "expired", "authorized", "voided", "refunded", "captured"] as const;
    for (const language of ["en", "ar"]) {
      const subjects = kinds.map((kind) => renderMessage("email", facts({ kind, language })).subject);
      expect(new Set(subjects).size).toBe(kinds.length);
      const sms = kinds.map((kind) => renderMessage("sms", facts({ kind, language })).body);
      expect(new Set(sms).size).toBe(kinds.length);
      for (const body of sms) expect(body.length).toBeLessThan(120);
    }
    expect(renderMessage("email", facts({ kind: "failed" })).body).toContain("was declined. No money was taken.");
    expect(renderMessage("email", facts({ kind: "error" })).body).toContain("because of a processing error");
    expect(renderMessage("email", facts({ kind: "failed", language: "ar" })).body).toContain("تم رفض دفع 10.500 KWD");
  });

  it("the link is offered to pay (created) or to try again (declined)", () => {
    expect(renderMessage("email", facts({ kind: "created", link: "https://pay.example/x" })).body).toContain("Pay here: https://pay.example/x");
    expect(renderMessage("email", facts({ kind: "failed", link: "https://pay.example/x" })).body).toContain("To try again: https://pay.example/x");
    expect(renderMessage("email", facts({ kind: "created", link: "https://pay.example/x", language: "ar" })).body).toContain("للدفع: https://pay.example/x");
  });
});

describe("messageHtml", () => {
  it("escapes the text, keeps paragraphs and lines, links URLs, and is right-to-left for Arabic", () => {
    const html = messageHtml("Paid <b>", "Dear <Sara> & co,\n\nAmount: 1\nPay here: https://pay.example/x?a=1&b=2");
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("<title>Paid &lt;b&gt;</title>");
    expect(html).toContain("<p>Dear &lt;Sara&gt; &amp; co,</p>");
    expect(html).toContain('Amount: 1<br>Pay here: <a href="https://pay.example/x?a=1&amp;b=2">https://pay.example/x?a=1&amp;b=2</a>');
    expect(messageHtml("s", "مرحبًا")).toContain('<html lang="ar" dir="rtl">');
  });
});

describe("planned messages are rendered with the settings and the currency", () => {
  it("KWD with 3 decimals, the merchant name from the settings", async () => {
    await updateSettings({ ctx, input: { merchantName: "Blue Shop" } });
    const sessionId = await newTransaction(ctx, caller, { amount: "10.5", customer_phone: "96550000000", notifications: { sms: ["created"] } });
    await planFor(ctx, sessionId);
    const [sms] = await messagesOf(ctx, sessionId);
    expect(sms!.body).toMatch(/^Blue Shop: Please pay 10\.500 KWD\. http:\/\/localhost:9\/b\/checkout\/redirect\/start\/\?session_id=[0-9a-f]{40}$/);
  });

  it.each([
    ["USD", "12.5", "12.50 USD"],
    ["JPY", "1200", "1200 JPY"],
  ])("%s: %s is written %s", async (currency, amount, written) => {
    const sessionId = await newTransaction(ctx, caller, {
      amount,
      currency_code: currency,
      pg_codes: ["usd"],
      customer_email: "sara@example.com",
      notifications: { email: ["paid"] },
    });
    await planFor(ctx, sessionId, await addEvent(ctx, sessionId, { kind: "state_changed", from: "pending", to: "paid", data: { result: "success" } }));
    expect((await messagesOf(ctx, sessionId))[0]!.body).toContain(`Amount: ${written}`);
  });

  it("an Arabic transaction gets Arabic e-mails and SMS", async () => {
    await updateSettings({ ctx, input: { merchantName: "متجر الأزرق" } });
    const sessionId = await newTransaction(ctx, caller, {
      amount: "86",
      language: "ar",
      order_no: "A-1",
      customer_email: "sara@example.com",
      customer_phone: "96550000000",
      notifications: { email: ["paid"], sms: ["paid"] },
    });
    const event = await addEvent(ctx, sessionId, { kind: "state_changed", from: "pending", to: "paid", data: { result: "success", reference_number: "R9" } });
    await planFor(ctx, sessionId, event);
    const [email, sms] = await messagesOf(ctx, sessionId);
    expect(email!.subject).toBe("تم الدفع إلى متجر الأزرق بنجاح (رقم الطلب A-1)");
    expect(email!.body).toContain("المبلغ: 86.000 KWD");
    expect(email!.body).toContain("الرقم المرجعي: R9");
    expect(sms!.body).toBe("متجر الأزرق: تم دفع 86.000 KWD بنجاح. الطلب A-1. المرجع R9.");
  });
});
