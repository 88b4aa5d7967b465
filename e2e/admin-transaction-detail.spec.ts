import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { adminUser } from "./support/credentials";
import { expectNoSeriousViolations, openSignedIn, signIn, transactionFact } from "./support/admin";
import { CARDS, choosePay, createTransaction, pathOf, payWithCard } from "./support/payments";

// A transaction created over the API and paid on the hosted page, with its webhook to a local receiver: the
// panel shows it paid with its delivery, a partial refund through the dialog (a wrong amount first, shown in
// place) lands in the timeline, the refund's webhook is resent after its dialog; a webhook the merchant refused is retried from the
// failing deliveries page; the message log shows the payment's e-mail. axe finds nothing serious on any of them.

interface Hit {
  path: string;
  body: Record<string, unknown>;
}
const hits: Hit[] = [];
let merchantDown = true;
let merchant: Server;
let base: string;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

test.beforeAll(async () => {
  // /ok always takes webhooks; /down refuses them (404, not retried) until merchantDown is false.
  merchant = createServer(async (req, res) => {
    const body = await readBody(req);
    hits.push({ path: req.url ?? "", body: JSON.parse(body) as Record<string, unknown> });
    res.writeHead(req.url === "/down" && merchantDown ? 404 : 200, { "content-type": "text/plain" }).end("thanks");
  });
  await new Promise<void>((resolve) => merchant.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise((resolve) => merchant.close(resolve)));

/** Creates a transaction with its webhook to `path` on the receiver and pays it on the hosted page. */
async function paidWithWebhook(page: Page, request: Parameters<typeof createTransaction>[0], path: string) {
  const txn = await createTransaction(request, {
    webhook_url: `${base}${path}`,
    customer_email: "sara@example.com",
    notifications: { email: ["paid"] },
  });
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.approved);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect.poll(() => hits.filter((h) => h.body.session_id === txn.session_id).length).toBeGreaterThan(0);
  return txn.session_id;
}

test("a paid transaction's page: its delivery, a partial refund through the dialog, the refund in the timeline", async ({ page, request }) => {
  test.setTimeout(90_000); // a payment, two axe runs, a refund and a resend, on a shared machine
  const sessionId = await paidWithWebhook(page, request, "/ok");
  await signIn(page);
  expect((await page.request.get(`/admin/transactions/${"0".repeat(40)}`)).status()).toBe(404);
  await page.goto(`/admin/transactions/${sessionId}`);
  // The facts first: the order, its state in a word, the amount, what was charged, the customer, card, gateway, reference.
  const header = page.getByRole("main").locator("header");
  await expect(header.getByRole("heading", { name: /^Order E2E-/, level: 1 })).toBeVisible();
  await expect(header.getByText("State: Paid")).toBeVisible();
  await expect(header.getByText("KWD 86.000", { exact: true })).toBeVisible();
  await expect(transactionFact(page, "Charged")).toHaveText("KWD 86.000 (no fee)");
  await expect(transactionFact(page, "Customer").getByRole("link", { name: "sara@example.com" })).toHaveAttribute(
    "href",
    "/admin/customers?email=sara%40example.com",
  );
  await expect(transactionFact(page, "Payment method")).toHaveText("Visa •••• 1111");
  await expect(transactionFact(page, "Gateway")).toContainText("(sandbox)");
  await expect(transactionFact(page, "Reference number")).toHaveText(/^\S{6,}$/);
  await expect(transactionFact(page, "Created")).toContainText(/by API key '.+'/);
  await expect(transactionFact(page, "Paid")).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(/^Created by API key '.+'$/)).toBeVisible();
  await expect(timeline.getByText("Paid KWD 86.000", { exact: true })).toBeVisible();
  await expect(timeline.getByText(/^Webhook delivered in \d+ ms$/)).toBeVisible();
  await expect(timeline).not.toContainText("api_key:");

  const webhooks = page.getByRole("region", { name: "Webhook deliveries" });
  await expect(webhooks.getByRole("heading", { name: /^Delivery \d+: state changed \(paid\), delivered$/ })).toBeVisible();
  await expect(webhooks.getByRole("cell", { name: "Delivered: HTTP status 200", exact: true })).toBeVisible();
  await webhooks.getByText("Try 1: headers sent and the answer (Delivered: HTTP status 200)").click();
  await expect(webhooks.getByLabel("Answer to try 1 of Delivery 1: state changed (paid)")).toHaveText("thanks");
  const attempts = page.getByRole("region", { name: "Payment attempts" });
  await expect(attempts.getByText("Visa •••• 1111")).toBeVisible();
  await expect(attempts.getByText("CAPTURED")).toBeVisible();
  await expectNoSeriousViolations(page);

  // A wrong amount comes back in place, with what was typed; the right one refunds and closes the dialog.
  await page.getByRole("button", { name: "Refund…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Refund this payment" });
  const amount = dialog.getByLabel("Amount (KWD)");
  await expect(amount).toHaveValue("86.000");
  await amount.fill("100");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog.getByText("Ensure this value is at most 86.000 KWD, what remains to refund.")).toBeVisible();
  await expect(amount).toHaveValue("100");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await amount.fill("30");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Refund" })).toHaveText("Refund of KWD 30.000 done: the transaction is paid.");

  await expect(timeline.getByText(`Refunded KWD 30.000 by admin ${adminUser.username}`, { exact: true })).toBeVisible();
  await expect(transactionFact(page, "Refunded")).toHaveText("KWD 30.000");
  await expect(page.getByRole("region", { name: "Operations", exact: true }).getByRole("cell", { name: `admin ${adminUser.username}` })).toBeVisible();
  await expect.poll(() => hits.filter((h) => h.body.session_id === sessionId && h.body.operation === "refund").length).toBe(1);

  // Resend the refund's webhook (listed once the page is loaded again), confirmed in its dialog: the same event again.
  await page.reload();
  await expect(webhooks.getByRole("heading", { name: "Delivery 2: refund (paid), delivered" })).toBeVisible();
  await webhooks.getByRole("link", { name: "Resend… Delivery 2: refund (paid)" }).click();
  await page.getByRole("dialog", { name: "Resend Delivery 2: refund (paid)?" }).getByRole("button", { name: "Resend" }).click();
  await expect(webhooks.getByRole("status").filter({ hasText: "queued" })).toHaveText("1 delivery queued: tried again now.");
  await expect.poll(() => hits.filter((h) => h.body.session_id === sessionId && h.body.operation === "refund").length).toBe(2);

  // The e-mail of the payment, in the transaction's page and in the message log.
  await expect(page.getByRole("region", { name: "E-mails and SMS" }).getByRole("rowheader", { name: "sara@example.com" })).toBeVisible();
  await page.getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  await page.getByLabel("Channel").selectOption("email");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/messages\?channel=email/);
  await expect(page.getByRole("rowheader", { name: "sara@example.com" }).first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the header fits a phone, the stored fields are folded and in words, and the page works from the keyboard", async ({ page, request }) => {
  const txn = await createTransaction(request, { customer_first_name: "Noor", customer_email: "noor@example.com", customer_phone: "+96550001234" });
  await signIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/transactions/${txn.session_id}`);
  const header = page.getByRole("main").locator("header");
  await expect(header.getByText("State: Created")).toBeVisible();
  await expect(transactionFact(page, "Customer")).toContainText("+96550001234");
  await expect(transactionFact(page, "Reference number")).toHaveText("Not paid yet");
  // Nothing in the header runs past the screen's edge or scrolls sideways.
  expect(await header.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  const box = (await header.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  // From the breadcrumb, one Tab reaches the customer, Enter opens their view.
  await page.getByRole("main").getByRole("link", { name: "Transactions" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Noor" })).toBeFocused();

  // The stored fields come last, folded; the keyboard opens them; they read in words, the empty ones left out.
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByText("One-off payment")).toBeHidden();
  await details.getByText("Every stored field").focus();
  await page.keyboard.press("Enter");
  await expect(details.getByText("One-off payment")).toBeVisible();
  await expect(details.getByText("E-commerce (the merchant's checkout)")).toBeVisible();
  await expect(details.getByText("Checkout API")).toBeVisible();
  for (const raw of ["e_commerce", "one_off", "Expiration seconds", "Deleted", "Legacy"]) await expect(details).not.toContainText(raw);
  await expectNoSeriousViolations(page);

  await page.getByRole("link", { name: "Noor" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/customers\?email=noor%40example\.com$/);
});

test("a webhook the merchant refused is listed among the failing deliveries and retried from there", async ({ page, request }) => {
  const sessionId = await paidWithWebhook(page, request, "/down");
  await openSignedIn(page, "/admin/deliveries");
  await expect(page.getByRole("heading", { name: "Failing deliveries", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.locator(`a[href="/admin/transactions/${sessionId}"]`) });
  await expect(row).toContainText("HTTP status 404");
  await expectNoSeriousViolations(page);

  merchantDown = false;
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Retry selected" }).click();
  await expect(page.getByRole("status")).toHaveText("1 delivery queued: tried again now.");
  await expect.poll(() => hits.filter((h) => h.path === "/down" && h.body.session_id === sessionId).length).toBe(2);
  await expect(async () => {
    await page.reload();
    await expect(page.locator(`a[href="/admin/transactions/${sessionId}"]`)).toHaveCount(0);
  }).toPass();

  await page.goto(`/admin/transactions/${sessionId}`);
  await expect(page.getByRole("region", { name: "Webhook deliveries" }).getByRole("heading", { name: /delivered$/ })).toBeVisible();
});
