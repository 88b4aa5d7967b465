import { expect, test, type Page } from "@playwright/test";
import { CARDS, choosePay, createTransaction, pathOf, payButton, payWithCard } from "./support/payments";

// What scripts add on top of the plain forms (the same flows pass without them, see the other specs).

test.beforeEach(({ javaScriptEnabled }) => test.skip(!javaScriptEnabled, "needs scripts"));

/**
 * Counts the page's form submissions and keeps them from leaving, so that the page stays while the customer
 * presses again (a locator or evaluate would wait for a navigation in progress).
 */
async function countSubmissions(page: Page) {
  await page.waitForLoadState("networkidle"); // scripts loaded and run: the buttons are enhanced
  await page.evaluate(() => {
    const counter = window as unknown as { submissions: number };
    counter.submissions = 0;
    document.addEventListener("submit", (event) => {
      counter.submissions++;
      event.preventDefault();
    });
  });
  return () => page.evaluate(() => (window as unknown as { submissions: number }).submissions);
}

const submitButtons = (page: Page) =>
  page.locator("form button[type=submit]").evaluateAll((buttons) => buttons.map((b) => ({ text: b.textContent, busy: b.getAttribute("aria-disabled") })));

test("the Pay button shows progress after the first press and sends the form once", async ({ page, request }) => {
  const txn = await createTransaction(request);
  await page.goto(pathOf(txn.checkout_url));
  const submissions = await countSubmissions(page);
  await payButton(page).click();
  expect(await submissions()).toBe(1);
  expect(await submitButtons(page)).toEqual([{ text: "Processing…", busy: "true" }]);
  // A second press, and Enter: nothing more is sent.
  await page.getByRole("button", { name: "Processing…" }).click({ force: true }); // aria-disabled
  await page.keyboard.press("Enter");
  expect(await submissions()).toBe(1);
});

test("card number grouped as typed with its brand; the expiry's slash typed for the customer", async ({ page, request }) => {
  const txn = await createTransaction(request);
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  const number = page.getByLabel("Card number");
  await number.pressSequentially("4111111111111111");
  await expect(number).toHaveValue("4111 1111 1111 1111");
  await expect(page.getByLabel("Card brand: Visa")).toBeVisible();
  await number.fill("");
  await number.pressSequentially("378282246310005");
  await expect(number).toHaveValue("3782 822463 10005");
  await expect(page.getByLabel("Card brand: American Express")).toBeVisible();

  const expiry = page.getByLabel("Expiry");
  await expiry.pressSequentially("1230");
  await expect(expiry).toHaveValue("12/30");
  await expiry.fill("");
  await expiry.pressSequentially("4");
  await expect(expiry).toHaveValue("04/");
  await expiry.press("Backspace");
  await expect(expiry).toHaveValue("04");
});

test("the sandbox's Approve and Deny: after one press, neither sends again", async ({ page, request }) => {
  const txn = await createTransaction(request);
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.challenge);
  await expect(page.getByRole("heading", { name: "3-D Secure verification" })).toBeVisible();
  const submissions = await countSubmissions(page);
  await page.getByRole("button", { name: "Approve" }).click();
  expect(await submitButtons(page)).toEqual([
    { text: "Processing…", busy: "true" },
    { text: "Deny", busy: null },
  ]);
  await page.getByRole("button", { name: "Deny" }).click();
  expect(await submissions()).toBe(1);
});
