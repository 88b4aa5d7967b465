import { expect, test } from "@playwright/test";
import { choosePay, createTransaction, pathOf, transactionState } from "./support/payments";

// The hosted payment page itself: what it shows in English and Arabic, on a phone, with a keyboard; unknown and
// expired sessions; and that it ships no JavaScript and sends its security headers.

const SCREENSHOTS = "docs/screenshots";

test.describe("payment page", () => {
  test("shows the merchant, amount, order number and one choice per method, and ships no script", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["sandbox", "sandbox-fee"], order_no: `ORD-EN-${Date.now()}` });
    const response = await page.goto(pathOf(txn.checkout_url));
    expect(response?.status()).toBe(200);

    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1, name: "Pay E2E Store" })).toBeVisible();
    await expect(page.getByTestId("amount")).toHaveText("KWD 86.000");
    await expect(page.getByText(/^ORD-EN-/)).toBeVisible();
    const group = page.getByRole("group", { name: "Choose a payment method" });
    await expect(group.getByRole("radio")).toHaveCount(2);
    await expect(group.getByRole("radio", { name: /Sandbox card No fee KWD 86\.000/ })).not.toBeChecked();
    // 86.000 + 0.250 + 1.5 % = 87.540
    await expect(group.getByRole("radio", { name: /Sandbox card with fee .*KWD 1\.540.*KWD 87\.540/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "help@e2e-store.example" })).toHaveAttribute("href", "mailto:help@e2e-store.example");
    await expect(page.getByRole("link", { name: "+96522000000" })).toBeVisible();

    // Zero JavaScript: no script element of any kind, and the customer pages' headers.
    const html = await response!.text();
    expect(html).not.toContain("<script");
    expect(await page.locator("script").count()).toBe(0);
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toBe(
      "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cache-control"]).toBe("no-store");
    // The stylesheet loads (Tailwind): the Pay button has white text.
    await expect(page.getByRole("button", { name: "Pay", exact: true })).toHaveCSS("color", "rgb(255, 255, 255)");

    await page.screenshot({ path: `${SCREENSHOTS}/payment-page-en.png`, fullPage: true });
  });

  test("without a chosen method the browser does not submit; with the keyboard it does", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["sandbox", "sandbox-fee"] });
    await page.goto(pathOf(txn.checkout_url));
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/b\/checkout\/redirect\/start\//); // required radio: nothing sent

    // Keyboard only: focus the first choice, arrow to the second, tab to Pay, press Enter.
    await page.getByRole("radio").first().focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("radio", { name: /Sandbox card with fee/ })).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/sandbox\/pay\/CK[0-9A-F]+$/);
    await expect(page.getByText("KWD 87.540")).toBeVisible();
  });

  test("an Arabic transaction renders right-to-left with Arabic text and digits", async ({ page, request }) => {
    const txn = await createTransaction(request, { language: "ar", amount: "1234.5", order_no: `ORD-AR-${Date.now()}` });
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1, name: "الدفع إلى E2E Store" })).toBeVisible();
    await expect(page.getByRole("group", { name: "اختر طريقة الدفع" })).toBeVisible();
    // Arabic-Indic digits, Arabic separators, exactly three places for KWD.
    await expect(page.getByTestId("amount")).toContainText("١٬٢٣٤٫٥٠٠");
    await expect(page.getByText("المبلغ المطلوب")).toBeVisible();
    await expect(page.getByRole("button", { name: "ادفع", exact: true })).toBeVisible();
    // One method: already chosen.
    await expect(page.getByRole("radio")).toBeChecked();
    await page.screenshot({ path: `${SCREENSHOTS}/payment-page-ar.png`, fullPage: true });
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("payment, card and result pages fit the screen without horizontal scrolling", async ({ page, request }) => {
      const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      const txn = await createTransaction(request, {
        pg_codes: ["sandbox", "sandbox-fee"],
        order_no: `ORD-PHONE-${"X".repeat(40)}-${Date.now()}`,
      });
      await page.goto(pathOf(txn.checkout_url));
      expect(await fitsWidth()).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}/payment-page-phone.png`, fullPage: true });

      await choosePay(page, /Sandbox card with fee/);
      expect(await fitsWidth()).toBe(true);
      await page.getByLabel("Card number").fill("4111 1111 1111 1111");
      await page.getByLabel("Expiry").fill("12/30");
      await page.getByLabel("CVV", { exact: true }).fill("123");
      await page.getByLabel("Name on card").fill("Sara Ahmad");
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
      expect(await fitsWidth()).toBe(true);
    });
  });

  test("an unknown session answers 404 with the payment-not-found page", async ({ page }) => {
    for (const path of [
      `/b/checkout/redirect/start/?session_id=${"0".repeat(40)}`,
      "/b/checkout/redirect/start?session_id=not-a-session",
      "/b/checkout/redirect/result/?session_id=",
    ]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Payment not found" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "لم يتم العثور على عملية الدفع" })).toBeVisible();
      expect(await response!.text()).not.toContain("<script");
    }
  });

  test("an expired transaction shows the expiry message and no way to pay", async ({ page, request }) => {
    const txn = await createTransaction(request, { expiration_time: "00:00:02" });
    await page.waitForTimeout(3_000);
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
    await expect(page.getByText("Please contact E2E Store for a new payment link.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay" })).toHaveCount(0);
    await expect(page.getByRole("radio")).toHaveCount(0);

    // payment_url starts nothing either: the attempt marks it expired and lands on the same message.
    await page.goto(pathOf(txn.payment_methods[0]!.payment_url));
    await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("expired");
  });
});
