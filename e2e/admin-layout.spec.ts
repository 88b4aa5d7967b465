import { expect, type Page, test } from "@playwright/test";
import { addLimitedUser, expectEveryPanelPageAccessible, expectNoSeriousViolations, openSignedIn, signIn } from "./support/admin";
import { createTransaction, orderNo } from "./support/payments";

// The panel's layout and forms across screens (issue 30.6): the nav in one row at 1280 px and a menu on a phone,
// the list readable at 390 px, a refused save summarised at the top with focus on it (keyboard only), "Not
// allowed" as a 403, one date format, and axe on every panel page. Nothing here saves a setting.

test.beforeEach(() => test.slow());

// The list, its times, the transaction and customer pages need a transaction of their own (this spec may run alone).
const CUSTOMER = `layout-${Date.now().toString(36)}`;
test.beforeAll(async ({ request }) => {
  await createTransaction(request, { order_no: orderNo(), customer_phone: "+96550000000", customer_id: CUSTOMER });
});

/** The visible nav's links and the distinct tops of their boxes (one value: one row). */
async function navRows(page: Page) {
  const links = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
  const tops = new Set<number>();
  for (const box of await Promise.all((await links.all()).map((l) => l.boundingBox()))) if (box) tops.add(Math.round(box.y));
  return { count: await links.count(), tops };
}

test("a superuser's nav fits one row at 1280 px; on a phone it is a menu that opens from the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const wide = await navRows(page);
  expect(wide.count).toBe(13);
  expect(wide.tops.size).toBe(1);
  // One row, and inside the window: no link cut off at the right edge.
  const rights = await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link").evaluateAll((links) => links.map((l) => l.getBoundingClientRect().right));
  expect(Math.max(...rights)).toBeLessThanOrEqual(1280);
  await expect(page.getByText("Menu", { exact: true })).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole("navigation", { name: "Admin sections" }).locator("summary");
  await expect(menu).toBeVisible();
  await expect(page.getByRole("link", { name: "Transactions" })).toBeHidden();
  // The header stays short: brand, user and the closed menu.
  expect((await page.locator("header").boundingBox())!.height).toBeLessThan(140);
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Transactions" })).toBeVisible();
  await page.getByRole("link", { name: "Transactions" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/transactions$/);
  await expectNoSeriousViolations(page);
});

test("the list at 390 px shows each transaction's state and amount without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, "/admin/transactions");
  const row = page.locator("tbody tr").first();
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const state = row.locator("[data-tone]").first();
  const amount = row.locator("td.text-right");
  for (const cell of [state, amount]) {
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, await cell.innerText()).toBeLessThanOrEqual(390);
  }
  await expect(amount.locator(".tabular-nums")).toHaveCSS("font-variant-numeric", "tabular-nums");
  // The state says what it means; the first column is an order number or reference, not a cut hash.
  await expect(state).toHaveAttribute("title", /.+/);
  await expect(page.getByRole("columnheader", { name: "Order no. / reference" })).toBeVisible();
});

test("times read alike everywhere: date, minutes and the zone", async ({ page }) => {
  await signIn(page);
  let seen = 0;
  for (const path of ["/admin/transactions", "/admin/audit-log", "/admin/api-keys", "/admin/users"]) {
    await page.goto(path);
    const times = await page.locator("main time").allInnerTexts();
    seen += times.length;
    for (const text of times) expect(text, path).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC([+-]\d\d:\d\d)?$/);
  }
  expect(seen).toBeGreaterThan(2);
});

test("a refused save is summarised at the top, focused, with links to its fields (keyboard only)", async ({ page }) => {
  await openSignedIn(page, "/admin/settings");
  const email = page.getByLabel("Support e-mail");
  await email.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("help@");
  await page.getByRole("button", { name: "Save settings" }).focus();
  await page.keyboard.press("Enter");

  const summary = page.getByRole("alert").filter({ hasText: "Nothing was saved" });
  await expect(summary).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toHaveCount(0);
  const box = (await summary.boundingBox())!;
  const form = (await page.locator("main form").first().boundingBox())!;
  expect(box.y).toBeLessThanOrEqual(form.y + 20);
  const fieldLink = summary.getByRole("link", { name: /^Support e-mail: Enter a valid e-mail address\./ });
  await expect(fieldLink).toBeVisible();
  await expect(page.getByText("Not saved: see the problems at the top of the form.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press("Tab");
  await expect(fieldLink).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(email).toBeFocused();
});

test("every other panel form summarises a refused save the same way", async ({ page }) => {
  await signIn(page);
  const cases: [string, () => Promise<void>, string, string][] = [
    ["/admin/currencies", () => page.getByLabel("Code").fill("toolong"), "Save currency", "Code"],
    ["/admin/gateways/new", () => page.getByLabel("Code").fill("bad code!"), "Create gateway setting", "Code"],
    ["/admin/users", () => page.getByLabel("Username").fill("no spaces allowed"), "Add user", "Username"],
    ["/admin/api-keys", () => page.getByLabel("Name").fill(""), "Create API key", "Name"],
  ];
  for (const [path, fill, button, field] of cases) {
    await page.goto(path);
    await fill();
    await page.getByRole("button", { name: button }).click();
    const summary = page.getByRole("alert").filter({ hasText: /was not saved|Nothing was saved/ });
    await expect(summary, path).toBeFocused();
    await summary.getByRole("link", { name: new RegExp(`^${field}:`) }).click();
    await expect(page.getByLabel(field, { exact: true }).or(page.getByRole("textbox", { name: field, exact: true })).first(), path).toBeFocused();
  }
});

test("'Not allowed' answers 403 to a limited user", async ({ page, browser }) => {
  await signIn(page);
  const clerk = await addLimitedUser(page, "layout");
  const context = await browser.newContext();
  const clerkPage = await context.newPage();
  await signIn(clerkPage, clerk);
  for (const path of ["/admin/settings", "/admin/gateways", "/admin/currencies", "/admin/not-allowed"]) {
    expect((await clerkPage.goto(path))!.status(), path).toBe(403);
    await expect(clerkPage.getByRole("heading", { name: "Not allowed", level: 1 })).toBeVisible();
  }
  // A limited user's nav has no superuser sections.
  expect((await navRows(clerkPage)).count).toBeLessThan(11);
  await context.close();
});

// At 1280 px the panel tour runs the same pass (admin-panel-tour.spec.ts), on its paid and refunded transaction.
test("axe finds nothing serious or critical on any panel page at 390 px", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page);
  await page.setViewportSize({ width: 390, height: 900 });
  await expectEveryPanelPageAccessible(page, { customer: `/admin/customers?customer_id=${CUSTOMER}` });
});
