import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, openSignedIn } from "./support/admin";
import { CARDS, choosePay, createTransaction, orderNo, pathOf, payWithCard } from "./support/payments";

// Debugging a webhook from the panel: a delivery the merchant refused shows, numbered within its transaction, the
// exact body, the headers sent, each try's outcome in words and the receiver's answer as text; "Resend…" asks
// first in a dialog, used here with the keyboard alone, and has a confirmation step of its own without scripts;
// Settings' "Send a test webhook" shows the receiver's answer, or why nothing answered. axe on every screen.

interface Hit {
  path: string;
  id: string;
  body: Record<string, unknown>;
}
const hits: Hit[] = [];
let merchant: Server;
let base: string;

test.beforeAll(async () => {
  // /refuse answers 410 (not retried) with markup that must show as text; anything else 200 "thanks".
  merchant = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits.push({ path: req.url ?? "", id: String(req.headers["webhook-id"]), body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      if (req.url === "/refuse") res.writeHead(410, { "content-type": "text/html" }).end("<b>gone</b> this shop moved");
      else res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => merchant.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise((resolve) => merchant.close(resolve)));

test("a refused delivery: body, headers, outcome and answer; resent after a dialog used with the keyboard alone", async ({ page, request, browser }) => {
  // A payment, three pages and five axe runs: longer than the default on a loaded machine.
  test.setTimeout(120_000);
  const order = orderNo();
  const txn = await createTransaction(request, { webhook_url: `${base}/refuse`, order_no: order });
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.approved);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect.poll(() => hits.filter((h) => h.body.session_id === txn.session_id).length).toBe(1);

  await openSignedIn(page, `/admin/transactions/${txn.session_id}`);
  const webhooks = page.getByRole("region", { name: "Webhook deliveries" });
  // Numbered within the transaction, whatever other transactions' deliveries did to the global ids.
  await expect(webhooks.getByRole("heading", { name: "Delivery 1: state changed (paid), failed" })).toBeVisible();
  await expect(webhooks.getByRole("cell", { name: "HTTP status 410", exact: true })).toBeVisible();

  await webhooks.getByText(/^Body sent \(\d+ bytes/).click();
  const body = webhooks.getByLabel("Body of Delivery 1: state changed (paid)");
  await expect(body).toContainText(`"session_id":"${txn.session_id}"`);
  await webhooks.getByText("Try 1: headers sent and the answer (HTTP status 410)").click();
  await expect(webhooks.getByText("webhook-id", { exact: true })).toBeVisible();
  await expect(webhooks.getByText(hits[hits.length - 1]!.id, { exact: true }).first()).toBeVisible();
  // The answer's markup is text, not markup.
  await expect(webhooks.getByLabel("Answer to try 1 of Delivery 1: state changed (paid)")).toHaveText("<b>gone</b> this shop moved");
  await expectNoSeriousViolations(page);

  // The keyboard alone: open, back out with Escape, open again, Tab to Resend, Enter.
  const resend = webhooks.getByRole("link", { name: "Resend… Delivery 1: state changed (paid)" });
  await resend.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Resend Delivery 1: state changed (paid)?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Go back" })).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(resend).toBeFocused();
  expect(hits.filter((h) => h.body.session_id === txn.session_id)).toHaveLength(1);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Resend" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(webhooks.getByRole("status").filter({ hasText: "queued" })).toHaveText("1 delivery queued: tried again now.");
  await expect.poll(() => hits.filter((h) => h.body.session_id === txn.session_id).length).toBe(2);
  const [first, second] = hits.filter((h) => h.body.session_id === txn.session_id);
  expect(second!.id).toBe(first!.id);

  // The delivery's own page, and Resend's confirmation step in a browser without scripts: a link to it, a form post.
  await webhooks.getByRole("link", { name: "Delivery 1: state changed (paid)", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Delivery 1: state changed \(paid\) of transaction /);
  await expect(page.getByRole("cell", { name: "HTTP status 410", exact: true })).toHaveCount(2);
  await expectNoSeriousViolations(page);
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await context.newPage();
  await plain.goto(page.url());
  await plain.getByRole("link", { name: "Resend… Delivery 1: state changed (paid)" }).click();
  await expect(plain).toHaveURL(/\?confirm=resend$/);
  const confirm = plain.getByRole("region", { name: "Resend Delivery 1: state changed (paid)?" });
  await confirm.getByRole("button", { name: "Resend", exact: true }).click();
  await expect(confirm.getByRole("status")).toHaveText("1 delivery queued: tried again now.");
  await expect.poll(() => hits.filter((h) => h.body.session_id === txn.session_id).length).toBe(3);
  await context.close();

  // Listed among the failing deliveries by its number, linked to its page.
  await page.goto("/admin/deliveries");
  await expect(page.getByRole("link", { name: `Delivery 1 of ${order} (its body, tries and answers)` })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("Settings' test webhook shows the receiver's answer, or why nothing answered", async ({ page }) => {
  await openSignedIn(page, "/admin/settings");
  const section = page.getByRole("region", { name: "Send a test webhook" });
  await section.getByLabel("Receiver URL").fill(`${base}/test`);
  await section.getByRole("button", { name: "Send a test webhook" }).click();
  await expect(section.getByRole("status")).toHaveText(/^Delivered: HTTP status 200, in \d+ ms\.$/);
  await expect(section.getByLabel("Answer to the test webhook")).toHaveText("thanks");
  await expect(section.getByLabel("Test webhook answer")).toBeFocused();
  const hit = hits.find((h) => h.path === "/test")!;
  expect(hit.body).toMatchObject({ test: true, order_no: "TEST-WEBHOOK" });
  await expectNoSeriousViolations(page);

  // A port nothing listens on: the cause in words.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  await section.getByLabel("Receiver URL").fill(`http://127.0.0.1:${port}/hook`);
  await section.getByRole("button", { name: "Send a test webhook" }).click();
  await expect(section.getByRole("status")).toHaveText(new RegExp(`^Connection refused: nothing accepts connections at 127\\.0\\.0\\.1:${port}, in \\d+ ms\\.$`));
  await expect(section.getByText("None: no answer came.")).toBeVisible();
});
