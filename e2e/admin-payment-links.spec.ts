import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, openSignedIn, signIn } from "./support/admin";
import { CARDS, choosePay, orderNo, pathOf, payWithCard } from "./support/payments";

// "New payment link" in the panel, on the production build: a superuser creates a link (a wrong amount and a file
// of another type first, answered in place with what was typed), sees its link, short link and QR code (the image
// loads, PNG and SVG download), copies the short link, sends it again and finds both e-mails in the transaction's
// messages; the customer pays through the short link. Again without scripts: every step works as plain form posts.
// The bulk upload, on this server without default URLs (a fresh install's settings), lists only what every line
// needs and creates lines that have no URL. axe finds nothing serious. SCREENSHOTS=1 also writes docs/screenshots/.

test.describe.configure({ mode: "serial" });
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/admin-${name}.png`, fullPage: true });
}

const file = (name: string, mimeType: string, content: string | Buffer) => ({ name, mimeType, buffer: Buffer.from(content) });
const PDF = file("invoice.pdf", "application/pdf", "%PDF-1.4\n% an invoice\n");
const sandboxCard = (page: Page) => page.getByRole("checkbox", { name: /^Sandbox card \(sandbox:/ });
const liveCard = (page: Page) => page.getByRole("checkbox", { name: /^Live card / });

/** The QR code shown, its downloads, and the short link in its text field: what the link's screen must carry. */
async function expectLinkAndQr(page: Page): Promise<string> {
  const shortLink = await page.getByLabel("Short link", { exact: true }).inputValue();
  expect(shortLink).toMatch(/\/b\/[0-9A-Za-z]{12}$/);
  expect(await page.getByLabel("Payment link", { exact: true }).inputValue()).toMatch(/\/b\/checkout\/redirect\/start\/\?session_id=[0-9a-f]{40}$/);
  for (const [name, type] of [
    ["PNG", "image/png"],
    ["SVG", "image/svg+xml"],
  ] as const) {
    const href = await page.getByRole("link", { name, exact: true }).getAttribute("href");
    const response = await page.request.get(href!);
    expect(response.status(), href!).toBe(200);
    expect(response.headers()["content-type"]).toContain(type);
  }
  return shortLink;
}

test("a superuser creates a payment link, copies and sends it again; the customer pays through the short link", async ({ page, browser }) => {
  test.slow();
  await signIn(page);

  // The nav keeps one line at 1280 px with the new entry.
  const tops = await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link").evaluateAll((links) => links.map((l) => l.getBoundingClientRect().top));
  expect(new Set(tops).size, "the nav wraps").toBe(1);

  await page.getByRole("link", { name: "Transactions", exact: true }).click();
  await page.getByRole("main").getByRole("link", { name: "New payment link" }).click();
  await expect(page.getByRole("heading", { name: "New payment link", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "New payment link" })).toHaveAttribute("aria-current", "page");
  // Required before sending; a currency ticks its production gateway (the panel tour may have added another
  // currency, which would come first), and another currency its own.
  await expect(page.getByLabel("Amount")).toHaveAttribute("required", "");
  await page.getByLabel("Currency").selectOption("KWD");
  await expect(liveCard(page)).toBeChecked();
  await expect(sandboxCard(page)).not.toBeChecked();
  await sandboxCard(page).check();
  await page.getByLabel("Currency").selectOption("USD");
  await expect(sandboxCard(page)).not.toBeChecked();
  await expect(liveCard(page)).toBeChecked();
  await page.getByLabel("Currency").selectOption("KWD");
  await shot(page, "payment-link-new");

  // A wrong amount and a file of another type: in place, with what was typed; nothing created.
  const order = orderNo();
  await page.getByLabel("Amount").fill("25.5555");
  await liveCard(page).uncheck();
  await sandboxCard(page).check();
  await page.getByLabel("First name").fill("Sara");
  await page.getByRole("textbox", { name: "E-mail" }).fill("sara@example.com");
  await page.getByLabel("What is being paid for").fill("Annual membership");
  await page.getByLabel("Order or invoice number").fill(order);
  await page.getByLabel(/^Attachment/).setInputFiles(file("notes.txt", "text/plain", "not an invoice"));
  await page.getByRole("checkbox", { name: "E-mail", exact: true }).check();
  await page.getByRole("button", { name: "Create payment link" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No payment link was created" })).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Ensure that there are no more than 3 decimal places for KWD.")).toBeVisible();
  await expect(page.getByText(/The attachment's content is not an allowed type/)).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveValue("25.5555");
  await expect(page.getByLabel("What is being paid for")).toHaveValue("Annual membership");
  await expect(sandboxCard(page)).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "E-mail", exact: true })).toBeChecked();
  await expectNoSeriousViolations(page);

  await page.getByLabel("Amount").fill("25.5");
  await page.getByLabel(/^Attachment/).setInputFiles(PDF);
  await page.getByRole("button", { name: "Create payment link" }).click();
  await expect(page).toHaveURL(/\/admin\/payment-links\/[0-9a-f]{40}$/);
  const sessionId = page.url().split("/").at(-1)!;
  await expect(page.getByRole("heading", { name: "Payment link", level: 1 })).toBeVisible();
  await expect(page.getByText("KWD 25.500 for Annual membership")).toBeVisible();
  await expect(page.getByText(/Sent by E-mail when created/)).toBeVisible();
  const qr = page.getByRole("img", { name: "QR code of the short link" });
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
  const shortLink = await expectLinkAndQr(page);
  await expect(page.getByLabel("Attachment link", { exact: true })).toHaveValue(/\/b\/[0-9A-Za-z]{12}$/);

  await page.getByRole("button", { name: "Copy the short link" }).click();
  await expect(page.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortLink);
  await page.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sent again" })).toHaveText("Sent again by E-mail.");
  await expectNoSeriousViolations(page);
  await shot(page, "payment-link");

  // The transaction's page: the same link and QR code, and the two e-mails (created, sent again) recorded.
  await page.getByRole("link", { name: "Open the transaction" }).click();
  await expect(page).toHaveURL(`/admin/transactions/${sessionId}`);
  const linkSection = page.getByRole("region", { name: "Payment link" });
  await expect(linkSection.getByLabel("Short link", { exact: true })).toHaveValue(shortLink);
  await expect(linkSection.getByRole("img", { name: "QR code of the short link" })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("region", { name: "E-mails and SMS" }).getByRole("rowheader", { name: "sara@example.com" })).toHaveCount(2);
  }).toPass({ timeout: 15_000 });

  // The customer opens the short link, sees what it is for, and pays.
  const customer = await (await browser.newContext()).newPage();
  await customer.goto(pathOf(shortLink));
  await expect(customer.getByText("Annual membership").first()).toBeVisible();
  await choosePay(customer);
  await payWithCard(customer, CARDS.approved);
  await expect(customer.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await customer.context().close();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("main").locator("header").getByText("State: Paid")).toBeVisible();
  }).toPass({ timeout: 15_000 });
});

test("without scripts: the form, its errors in place, the link's screen and Send again are plain form posts", async ({ page, browser }) => {
  test.slow();
  await signIn(page);
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await context.newPage();
  await plain.goto("/admin/payment-links/new?currency=KWD");
  await expect(plain.getByRole("heading", { name: "New payment link", level: 1 })).toBeVisible();

  // Another currency's gateways, ticked by a link rather than a script.
  await plain.getByRole("link", { name: "USD", exact: true }).click();
  await expect(plain).toHaveURL(/\?currency=USD$/);
  await expect(plain.getByLabel("Currency")).toHaveValue("USD");
  await expect(liveCard(plain)).toBeChecked();
  await expect(plain.getByRole("checkbox", { name: /^Stripe card \(stripe:/ })).not.toBeChecked();
  await plain.goto("/admin/payment-links/new?currency=KWD");

  // A file over the limit is checked on the server here; the other fields keep what was typed.
  const big = Buffer.alloc(2.6 * 1024 * 1024);
  Buffer.from("%PDF-1.4\n").copy(big);
  await plain.getByLabel("Amount").fill("abc");
  await liveCard(plain).uncheck();
  await sandboxCard(plain).check();
  await plain.getByLabel("Phone").fill("+96550000001");
  await plain.getByLabel(/^Attachment/).setInputFiles(file("big.pdf", "application/pdf", big));
  await plain.getByRole("checkbox", { name: "SMS", exact: true }).check();
  await plain.getByRole("button", { name: "Create payment link" }).click();
  await expect(plain.getByText("The attachment is larger than 2.5 MiB.")).toBeVisible();
  await expect(plain.getByLabel("Amount")).toHaveValue("abc");
  await expect(plain.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await expect(plain.getByLabel("Phone")).toHaveValue("+96550000001");
  await expect(sandboxCard(plain)).toBeChecked();
  await expect(liveCard(plain)).not.toBeChecked();

  await plain.getByLabel("Amount").fill("7");
  await plain.getByRole("button", { name: "Create payment link" }).click();
  await expect(plain).toHaveURL(/\/admin\/payment-links\/[0-9a-f]{40}$/);
  await expect(plain.getByText("KWD 7.000")).toBeVisible();
  await expect(plain.getByText(/Sent by SMS when created/)).toBeVisible();
  // No Copy button without scripts: the address is a text field to select.
  await expect(plain.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  await expect(plain.getByLabel("Short link", { exact: true })).toHaveJSProperty("readOnly", true);
  await expectLinkAndQr(plain);
  await plain.getByRole("button", { name: "Send again" }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Sent again" })).toHaveText("Sent again by SMS.");
  await context.close();
});

test("the bulk upload on settings without default URLs: only what every line needs is required, and such lines are created", async ({ page }) => {
  await openSignedIn(page, "/admin/bulk-payment-requests");
  await expect(page.getByText("Required: amount, currency_code, customer_email.")).toBeVisible();
  const csv = ["amount,currency_code,customer_email,order_no", `5,KWD,fresh@example.com,${orderNo()}`].join("\n");
  await page.getByLabel("CSV file").setInputFiles(file("fresh.csv", "text/csv", csv));
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: "fresh.csv" })).toContainText("1 rows, 1 created");
});
