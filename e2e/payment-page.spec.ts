import { expect, test } from "@playwright/test";
import { readApiKey } from "./support/credentials";
import { passDeadline, withDatabase } from "./support/database";
import { CARD_PAGE_URL, CARDS, choosePay, createTransaction, pathOf, payButton, payWithCard, transactionState } from "./support/payments";

// The hosted payment page itself: what it shows in English and Arabic, on a phone, with a keyboard; unknown and
// expired sessions; unknown addresses. With scripts and without (playwright.config.ts).

const SCREENSHOTS = "docs/screenshots";

test.describe("payment page", () => {
  test("shows the merchant once, the amount, the order number and one choice per method", async ({ page, request, javaScriptEnabled }) => {
    const txn = await createTransaction(request, { pg_codes: ["sandbox", "sandbox-fee"], order_no: `ORD-EN-${Date.now()}` });
    const response = await page.goto(pathOf(txn.checkout_url));
    expect(response?.status()).toBe(200);

    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page).toHaveTitle("Pay E2E Store");
    await expect(page.getByRole("heading", { level: 1, name: "Pay E2E Store" })).toBeVisible();
    await expect(page.getByText("E2E Store", { exact: true })).toHaveCount(0); // the name once, in the heading
    // The first method is chosen: the amount at the top is what it charges (the other method's copy is hidden by CSS).
    await expect(page.getByTestId("amount")).toHaveText("KWD 86.000", { useInnerText: true });
    await expect(page.getByText(/^ORD-EN-/)).toBeVisible();
    const group = page.getByRole("group", { name: "Choose a payment method" });
    await expect(group.getByRole("radio")).toHaveCount(2);
    await expect(group.getByRole("radio", { name: /Sandbox card No fee KWD 86\.000/ })).toBeChecked();
    // 86.000 + 0.250 + 1.5 % = 87.540
    await expect(group.getByRole("radio", { name: /Sandbox card with fee .*KWD 1\.540.*KWD 87\.540/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "help@e2e-store.example" })).toHaveAttribute("href", "mailto:help@e2e-store.example");
    await expect(page.getByRole("link", { name: "+96522000000" })).toBeVisible();
    // The stylesheet loads (Tailwind): the Pay button has white text.
    await expect(payButton(page)).toHaveCSS("color", "rgb(255, 255, 255)");

    // Both methods are sandboxes: "Test mode" whatever is chosen. The amount at the top and the button follow the
    // chosen method, by CSS alone: with scripts and without.
    await expect(page.getByText("Test mode")).toBeVisible();
    await expect(payButton(page)).toHaveAccessibleName("Pay KWD 86.000");
    await expect(page.getByTestId("order-amount")).toHaveText("", { useInnerText: true });
    await page.getByRole("radio", { name: /Sandbox card with fee/ }).check();
    await expect(payButton(page)).toHaveAccessibleName("Pay KWD 87.540");
    await expect(page.getByTestId("amount")).toHaveText("KWD 87.540", { useInnerText: true });
    await expect(page.getByTestId("order-amount")).toHaveText("Order amount KWD 86.000 + fee KWD 1.540", { useInnerText: true });
    if (javaScriptEnabled) await page.screenshot({ path: `${SCREENSHOTS}/payment-page-en.png`, fullPage: true });
  });

  test("one method: already chosen, and the Pay button names the amount", async ({ page, request }) => {
    const txn = await createTransaction(request, { amount: "12.5", currency_code: "USD" });
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.getByRole("radio")).toBeChecked();
    await expect(payButton(page)).toHaveText("Pay $12.50");
    await expect(page.getByText("Test mode")).toBeVisible();
  });

  test("a sandbox method is never created beside a production one; one stored with both shows 'Test mode' while the sandbox is chosen", async ({ page, request }) => {
    const refused = await request.post("/b/checkout/v1/pymt-txn/", {
      headers: { Authorization: `Api-Key ${readApiKey()}` },
      data: { pg_codes: ["sandbox", "live-card"], amount: "86", currency_code: "KWD" },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({
      pg_codes: ["Sandbox gateways (sandbox) and production gateways (live-card) cannot be mixed in one transaction: give gateways of one kind."],
    });
    // A transaction stored before that rule (or whose gateway setting changed mode since) may still have both.
    const txn = await createTransaction(request, { pg_codes: ["sandbox"] });
    await withDatabase((db) => db.query("UPDATE transactions SET pg_codes = $1 WHERE session_id = $2", [["sandbox", "live-card"], txn.session_id]));
    await page.goto(pathOf(txn.checkout_url));
    const badge = page.getByText("Test mode");
    await expect(page.getByRole("radio", { name: /^Sandbox card/ })).toBeChecked(); // the first method
    await expect(badge).toBeVisible(); // by CSS alone, so without scripts too
    await page.getByRole("radio", { name: /^Live card/ }).check();
    await expect(badge).toBeHidden();
    await page.getByRole("radio", { name: /^Sandbox card/ }).check();
    await expect(badge).toBeVisible();
  });

  test("the first method is chosen when the page opens; with the keyboard another is chosen and paid", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["sandbox", "sandbox-fee"] });
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.getByRole("radio").first()).toBeChecked();

    // Keyboard only: focus the chosen method, arrow to the second, tab to Pay, press Enter.
    await page.getByRole("radio").first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("radio", { name: /Sandbox card with fee/ })).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(payButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(CARD_PAGE_URL);
    await expect(page.getByText("KWD 87.540")).toBeVisible();
  });

  test("an Arabic transaction renders right-to-left with Arabic text and digits", async ({ page, request, javaScriptEnabled }) => {
    const txn = await createTransaction(request, { language: "ar", amount: "1234.5", order_no: `ORD-AR-${Date.now()}` });
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1, name: "الدفع إلى E2E Store" })).toBeVisible();
    await expect(page.getByRole("group", { name: "اختر طريقة الدفع" })).toBeVisible();
    // Arabic-Indic digits, Arabic separators, exactly three places for KWD.
    await expect(page.getByTestId("amount")).toContainText("١٬٢٣٤٫٥٠٠");
    await expect(page.getByText("المبلغ المطلوب")).toBeVisible();
    await expect(page.getByText("وضع الاختبار")).toBeVisible();
    // One method: already chosen, and the button names the amount.
    await expect(page.getByRole("radio")).toBeChecked();
    await expect(page.getByRole("button", { name: /^ادفع .*١٬٢٣٤٫٥٠٠/ })).toBeVisible();
    if (javaScriptEnabled) await page.screenshot({ path: `${SCREENSHOTS}/payment-page-ar.png`, fullPage: true });

    // The result page speaks Arabic too.
    await page.getByRole("button", { name: /^ادفع/ }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "تم إلغاء الدفع" })).toBeVisible();
    await page.getByRole("button", { name: "حاول مرة أخرى" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "الدفع إلى E2E Store" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("payment, card and result pages fit the screen without horizontal scrolling", async ({ page, request, javaScriptEnabled }) => {
      const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      const txn = await createTransaction(request, {
        pg_codes: ["sandbox", "sandbox-fee"],
        order_no: `ORD-PHONE-${"X".repeat(40)}-${Date.now()}`,
      });
      await page.goto(pathOf(txn.checkout_url));
      if (javaScriptEnabled) expect(await fitsWidth()).toBe(true);
      if (javaScriptEnabled) await page.screenshot({ path: `${SCREENSHOTS}/payment-page-phone.png`, fullPage: true });

      await choosePay(page, /Sandbox card with fee/);
      // The expiry and CVV fields line up, whatever the length of their hints.
      const expiry = await page.getByLabel("Expiry").boundingBox();
      const cvv = await page.getByLabel("CVV", { exact: true }).boundingBox();
      expect(Math.abs(expiry!.y - cvv!.y)).toBeLessThan(1);
      expect(Math.abs(expiry!.height - cvv!.height)).toBeLessThan(1);
      if (javaScriptEnabled) expect(await fitsWidth()).toBe(true);
      await payWithCard(page, CARDS.approved);
      await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
      if (javaScriptEnabled) expect(await fitsWidth()).toBe(true);
    });
  });

  test("an unknown or malformed session shows the payment-not-found page", async ({ page }) => {
    for (const path of [
      `/b/checkout/redirect/start/?session_id=${"0".repeat(40)}`,
      "/b/checkout/redirect/start?session_id=not-a-session",
      "/b/checkout/redirect/start/",
      "/b/checkout/redirect/result/?session_id=",
      "/sandbox/pay/CK0000000000000000",
      "/sandbox/3ds/not-a-reference",
    ]) {
      const response = await page.goto(path);
      // A 404, drawn by the server (not by notFound(), which the browser draws: vercel/next.js#62228); these pages
      // must work without scripts.
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Payment not found" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "لم يتم العثور على عملية الدفع" })).toBeVisible();
      await expect(page).toHaveTitle("Payment not found");
    }
  });

  test("an address nothing answers: a styled 404, and the favicon", async ({ page, request }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "الصفحة غير موجودة" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCSS("font-weight", "700"); // styled
    const icon = await page.locator('link[rel="icon"]').getAttribute("href");
    const favicon = await request.get(icon!);
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toContain("image/svg+xml");
  });

  test("an expired transaction shows the expiry message and no way to pay", async ({ page, request }) => {
    const txn = await createTransaction(request);
    await passDeadline(txn.session_id);
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
    await expect(page.getByText("Please contact E2E Store for a new payment link.")).toBeVisible();
    await expect(payButton(page)).toHaveCount(0);
    await expect(page.getByRole("radio")).toHaveCount(0);
    // The way back: no redirect_url, so the merchant's website, told the link expired.
    const back = new URL((await page.getByRole("link", { name: "Back to E2E Store" }).getAttribute("href"))!);
    expect(back.origin + back.pathname).toBe("https://e2e-store.example/");
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ session_id: txn.session_id, result: "expired" });

    // payment_url starts nothing either: the attempt marks it expired and lands on the same message.
    await page.goto(pathOf(txn.payment_methods[0]!.payment_url));
    await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("expired");
  });
});
