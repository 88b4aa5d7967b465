import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, openSignedIn, signIn } from "./support/admin";
import { readApiKey } from "./support/credentials";
import { CARDS, choosePay, createTransaction, orderNo, pathOf, payWithCard } from "./support/payments";

// Find anything (issue 30.2) in a browser: a customer's paid and partly refunded transaction found by the start of
// its order number and by part of the customer's name; the filters "has refunds" and "paid through"; the refund
// on the Refunds and operations screen, filtered by kind; the Customer view from the list's row (transactions,
// totals, the saved card masked); the same at phone width; keyboard only; axe finds nothing serious.

const table = (page: Page) => page.getByRole("table").first();
const row = (page: Page, text: string) => table(page).getByRole("row").filter({ hasText: text });
// The search's GET form loads a new page: wait for it, or a row already on the old page passes for a result (and axe
// then runs on a page the navigation is replacing).
const searched = (page: Page, q: string) => expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q)}(&|$)`, "i"));

const tag = Date.now().toString(36);
const customer = { customer_first_name: "Sara", customer_last_name: `Findme${tag}`, customer_email: `sara.${tag}@example.com`, customer_id: `cust-${tag}` };
let order: string;
let sessionId: string;

test.beforeAll(async ({ browser, request }) => {
  order = orderNo();
  const txn = await createTransaction(request, { ...customer, order_no: order, payment_type: "save_card" });
  sessionId = txn.session_id;
  const page = await browser.newPage();
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.approved);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await page.close();
  const refund = await request.post("/b/pbl/v2/operation/", {
    headers: { Authorization: `Api-Key ${readApiKey()}` },
    data: { operation: "refund", session_id: sessionId, amount: "20" },
  });
  expect(refund.status(), await refund.text()).toBe(200);
});

test("search by prefix and by substring, and the new filters", async ({ page }) => {
  await openSignedIn(page, "/admin/transactions");
  await page.getByLabel("Search").fill(order.slice(0, -2).toLowerCase());
  await page.getByRole("button", { name: "Apply filters" }).click();
  await searched(page, order.slice(0, -2).toLowerCase());
  await expect(row(page, order)).toBeVisible();

  await page.getByLabel("Search").fill(`findme${tag}`);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await searched(page, `findme${tag}`);
  await expect(table(page).getByRole("row")).toHaveCount(2);
  await expect(row(page, order)).toContainText(`Sara Findme${tag}`);

  await page.getByLabel("Has refunds").check();
  await page.getByLabel("Paid through").selectOption("sandbox");
  await page.getByLabel("Payment type").selectOption("save_card");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/refunds=yes/);
  await expect(row(page, order)).toBeVisible();
  await expect(page.getByLabel("Has refunds")).toBeChecked();
  await expectNoSeriousViolations(page);

  await page.getByLabel("Has failing webhooks").check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No transactions match.")).toBeVisible();

  // Odd text is only text: a message or nothing found, never an error page.
  await page.goto(`/admin/transactions?q=${encodeURIComponent("%' OR 1=1 --")}`);
  await expect(page.getByText("No transactions match.")).toBeVisible();
  const long = await page.goto(`/admin/transactions?q=${"x".repeat(500)}`);
  expect(long?.status()).toBe(200);
  await expect(page.getByText("Search for at most 128 characters.")).toBeVisible();
});

test("the Refunds and operations screen lists the refund, who asked, and links to its transaction", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Refunds and operations" }).click();
  await expect(page.getByRole("heading", { name: "Refunds and operations", level: 1 })).toBeVisible();
  const refund = row(page, order);
  await expect(refund).toContainText("refund");
  await expect(refund).toContainText("success");
  await expect(refund).toContainText("20.000 KWD");
  await expect(refund).toContainText("API key e2e");
  await expectNoSeriousViolations(page);

  await page.getByLabel("Kind").selectOption("capture");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/kind=capture/);
  await expect(row(page, order)).toHaveCount(0);
  await page.getByLabel("Kind").selectOption("refund");
  await page.getByRole("button", { name: "Show" }).click();
  await row(page, order).getByRole("link").click();
  await expect(page).toHaveURL(`/admin/transactions/${sessionId}`);
});

test("the Customer view from a row of the list: transactions, totals, the saved card masked", async ({ page }) => {
  await openSignedIn(page, `/admin/transactions?q=${order}`);
  await row(page, order).getByRole("link", { name: /customer view/ }).click();
  await expect(page).toHaveURL(`/admin/customers?customer_id=${customer.customer_id}`);
  await expect(page.getByRole("heading", { name: `Customer: customer id ${customer.customer_id}`, level: 1 })).toBeVisible();
  const totals = page.getByRole("table", { name: "Totals per currency" });
  await expect(totals.getByRole("row", { name: /KWD/ })).toContainText("86.000");
  await expect(totals.getByRole("row", { name: /KWD/ })).toContainText("20.000");
  const cards = page.getByRole("table", { name: "Saved cards, most recently used first" });
  await expect(cards).toContainText("•••• 1111");
  await expect(cards).not.toContainText("411111");
  await expect(page.getByRole("table", { name: "Transactions, newest first" }).getByRole("row").filter({ hasText: order })).toBeVisible();
  await expectNoSeriousViolations(page);

  // By e-mail, in any case: the same customer.
  await page.goto(`/admin/customers?email=${encodeURIComponent(customer.customer_email.toUpperCase())}`);
  await expect(page.getByRole("table", { name: "Transactions, newest first" }).getByRole("row").filter({ hasText: order })).toBeVisible();
  await page.goto("/admin/customers");
  await expect(page.getByRole("alert").filter({ hasText: "Give a customer id" })).toHaveText("Give a customer id or an e-mail address.");
});

test("at phone width, by keyboard only", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, "/admin/transactions");
  await page.getByLabel("Search").focus();
  await page.keyboard.type(`findme${tag}`);
  await page.keyboard.press("Enter");
  await searched(page, `findme${tag}`);
  await expect(row(page, order)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto(`/admin/customers?customer_id=${customer.customer_id}`);
  await expect(page.getByRole("table", { name: "Totals per currency" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto("/admin/operations");
  await expect(page.getByRole("heading", { name: "Refunds and operations", level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
});
