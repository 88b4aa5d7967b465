import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, openSignedIn, signIn } from "./support/admin";
import { E2E_DATA_DIR } from "./support/credentials";
import { createTransaction, orderNo } from "./support/payments";

// The admin panel's transaction list in a browser: it lists what the API created, a filter narrows it, a wrong
// filter comes back in place, a transaction created meanwhile appears without a reload, the export downloads the
// filtered set as CSV, a user limited to one gateway sees only its transactions; axe finds nothing serious.

const table = (page: Page) => page.getByRole("table");
const row = (page: Page, order: string) => table(page).getByRole("row").filter({ hasText: order });

test("a superuser lists, filters, searches, watches and exports transactions", async ({ page, request }) => {
  const [kwdOrder, usdOrder] = [orderNo(), orderNo()];
  const kwd = await createTransaction(request, { order_no: kwdOrder, customer_email: "list.kwd@example.com" });
  await createTransaction(request, { order_no: usdOrder, currency_code: "USD", amount: "12.5", customer_phone: "+96551234567" });

  await signIn(page);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  await expect(row(page, kwdOrder)).toContainText("86.000 KWD");
  await expect(row(page, kwdOrder)).toContainText("list.kwd@example.com");
  await expect(row(page, usdOrder)).toContainText("12.50 USD");
  // The order number leads the row and opens the transaction.
  await expect(row(page, kwdOrder).getByRole("link", { name: kwdOrder })).toHaveAttribute("href", `/admin/transactions/${kwd.session_id}`);
  await expectNoSeriousViolations(page);

  // A filter narrows the list (a plain GET form: the filters are in the address).
  await page.getByLabel("Currency").selectOption("USD");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/currency=USD/);
  await expect(row(page, usdOrder)).toBeVisible();
  await expect(row(page, kwdOrder)).toHaveCount(0);

  // The export downloads the filtered set.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export all matching as CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{8}-\d{6}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.split("\n")[0]).toBe(
    "created_at,paid_at,settled_at,session_id,order_no,reference_number,state,amount,paid_amount,fee,refunded_amount,voided_amount,net,currency_code,gateway_code,gateway_reference,offered_gateway_codes,customer_email,customer_phone,deleted",
  );
  // Nothing paid yet; the phone number is written as it is (docs/admin/export.md).
  expect(csv).toContain(`${usdOrder},,created,12.50,0.00,0.00,0.00,0.00,0.00,USD,,,sandbox,,+96551234567,no`);
  expect(csv).not.toContain(kwdOrder);

  // A wrong value comes back under its field, with what was typed.
  await page.getByLabel("Lowest amount").fill("ten");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("Enter an amount such as 10.500: digits, with at most 6 decimal places.")).toBeVisible();
  await expect(page.getByLabel("Lowest amount")).toHaveValue("ten");
  await expect(page.getByLabel("Lowest amount")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Currency")).toHaveValue("USD");
  await expectNoSeriousViolations(page);

  // The search box finds a transaction by its order number.
  await page.getByRole("link", { name: "Clear filters" }).click();
  await page.getByLabel("Search").fill(kwdOrder);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(table(page).getByRole("row")).toHaveCount(2); // the header and the one found
  await expect(row(page, kwdOrder)).toBeVisible();

  // The newest page follows new transactions by itself: no reload (a mark left on the window survives).
  await page.goto("/admin/transactions");
  await page.evaluate(() => Object.assign(window, { listMark: "same page" }));
  const liveOrder = orderNo();
  await createTransaction(request, { order_no: liveOrder });
  await expect(row(page, liveOrder)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: "new since the page opened" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { listMark?: string }).listMark)).toBe("same page");
});

test("keyset pages: Older then Newer come back to the same rows", async ({ page, request }) => {
  for (let i = 0; i < 51; i++) await createTransaction(request);
  await openSignedIn(page, "/admin/transactions");
  const sessions = () => table(page).getByRole("link").allTextContents();
  const first = await sessions();
  expect(first).toHaveLength(50);
  await page.getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/after=/);
  const second = await sessions();
  expect(second.filter((s) => first.includes(s))).toEqual([]);
  await page.getByRole("link", { name: "Newer" }).click();
  await expect(page).toHaveURL(/before=/);
  expect(await sessions()).toEqual(first);
  await expectNoSeriousViolations(page);
});

test("a user limited to one gateway sees only its transactions", async ({ page, request }) => {
  const password = "clerk-e2e-password-1";
  const username = `clerk-${Date.now().toString(36)}`;
  // The admin CLI on the e2e server's own (running) embedded database.
  execFileSync(process.execPath, ["--import", "tsx", "server/admin.ts", "create-user", "--username", username, "--password", password, "--gateways", "sandbox-auth"], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54350", DATABASE_URL: "" },
    stdio: "pipe",
  });
  const mine = orderNo();
  const other = orderNo();
  await createTransaction(request, { order_no: mine, pg_codes: ["sandbox-auth"] });
  await createTransaction(request, { order_no: other, pg_codes: ["sandbox"] });

  await signIn(page, { username, password });
  await page.goto("/admin/transactions");
  await expect(page.getByText("Showing the transactions of your gateways: sandbox-auth.")).toBeVisible();
  await expect(row(page, mine)).toBeVisible();
  await expect(row(page, other)).toHaveCount(0);
  await page.getByLabel("Search").fill(other);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No transactions match.")).toBeVisible();
  await expect(page.getByLabel("Gateway").locator("option")).toHaveText(["Any gateway", "sandbox-auth"]);
  await expectNoSeriousViolations(page);
});
