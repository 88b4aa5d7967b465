import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { passDeadline } from "./support/database";
import { CARDS, choosePay, createTransaction, pathOf, payWithCard, RESULT_URL } from "./support/payments";

// axe-core on every customer page, in English and Arabic, on a desktop and a phone: no serious or critical
// violation of WCAG 2.1 A/AA. axe runs as a script in the page, so only where scripts run; the markup is the
// same without them.

test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.slow();
});

async function expectAccessible(page: Page, what: string) {
  // After a navigation without a reload (a server action's redirect), Next.js streams the new title in after the page.
  await expect(page).toHaveTitle(/\S/);
  expect(await seriousViolations(page), what).toEqual([]);
}

for (const device of ["desktop", "phone"] as const) {
  test.describe(`on a ${device}`, () => {
    if (device === "phone") test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    for (const language of ["en", "ar"] as const) {
      test(`every customer page in ${language === "en" ? "English" : "Arabic"}`, async ({ page, request }) => {
        const txn = await createTransaction(request, { language, pg_codes: ["sandbox", "sandbox-fee"], customer_id: `a11y-${Date.now()}` });
        await page.goto(pathOf(txn.checkout_url));
        await expectAccessible(page, "payment page");

        await choosePay(page, /^Sandbox card with fee/);
        await expectAccessible(page, "sandbox card page");
        await page.getByLabel("Card number").fill("4111 1111 1111 1112");
        await page.getByLabel("Expiry").fill("12/30");
        await page.getByLabel("CVV", { exact: true }).fill("123");
        await page.getByLabel("Name on card").fill("Sara Ahmad");
        await page.getByRole("button", { name: "Pay", exact: true }).click();
        await expect(page.getByRole("alert").filter({ hasText: /./ })).toBeVisible();
        await expectAccessible(page, "sandbox card page with errors");

        await payWithCard(page, CARDS.declined);
        await expect(page).toHaveURL(RESULT_URL);
        await expectAccessible(page, "declined result");
        await page.goto(pathOf(txn.checkout_url));
        await expectAccessible(page, "payment page after a decline");

        await choosePay(page, /^Sandbox card with fee/);
        await payWithCard(page, CARDS.challenge);
        await expect(page).toHaveURL(/\/sandbox\/3ds\//);
        await expect(page).toHaveTitle(/^3-D Secure verification/);
        await expectAccessible(page, "3-D Secure page");
        await page.getByRole("button", { name: "Approve" }).click();
        await expect(page).toHaveURL(RESULT_URL);
        await expectAccessible(page, "paid result");

        const pending = await createTransaction(request, { language });
        await page.goto(pathOf(pending.checkout_url));
        await choosePay(page);
        await payWithCard(page, CARDS.noAnswer);
        await expect(page).toHaveURL(RESULT_URL);
        await expectAccessible(page, "pending result");

        const expired = await createTransaction(request, { language });
        await passDeadline(expired.session_id);
        await page.goto(pathOf(expired.checkout_url));
        await expectAccessible(page, "expired");

        // An auto_debit payment: the agreement the customer consents to, and the card page that saves the card.
        const year = new Date().getUTCFullYear() + 1;
        const agreement = { id: `a11y-sub-${Date.now()}`, type: "installment", amount_variability: "fixed", expiry_date: `${year}-12-31`, total_cycles: 6 };
        const autoDebit = await createTransaction(request, { language, payment_type: "auto_debit", customer_id: `a11y-auto-${Date.now()}`, agreement });
        await page.goto(pathOf(autoDebit.checkout_url));
        await expectAccessible(page, "auto_debit payment page");
        await choosePay(page);
        await expectAccessible(page, "sandbox card page that saves the card");

        await page.goto(`/b/checkout/redirect/start/?session_id=${"0".repeat(40)}`);
        await expectAccessible(page, "payment not found");
        await page.goto("/no/such/page");
        await expectAccessible(page, "404");
      });
    }
  });
}
