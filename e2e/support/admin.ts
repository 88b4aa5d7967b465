import { randomBytes } from "node:crypto";
import { type Cookie, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { adminUser } from "./credentials";

// Helpers of the admin panel's specs: signing in, and axe's verdict on a page.

// The superuser's session cookies, kept by each worker after its first sign-in through the form. Most specs need a
// signed-in panel, not the sign-in itself (admin-auth.spec.ts tests that): the next sign-ins put the cookies back,
// saving the login page and a password check. When the session was ended meanwhile (signing out ends them all), the
// panel sends the page to the login form, and the sign-in goes through it again.
let superuserCookies: Cookie[] | undefined;

/** Signs in on the panel's login page (the e2e superuser unless told otherwise) and waits for the dashboard. */
export async function signIn(page: Page, user: { username: string; password: string } = adminUser) {
  if (user === adminUser && (await resumeSession(page, "/admin"))) return;
  await signInWithForm(page, user);
}

/**
 * Opens `path` in the panel as the e2e superuser: signIn, but landing where the test goes rather than on the
 * dashboard first (its chart's scripts are the heaviest of the panel).
 */
export async function openSignedIn(page: Page, path: string) {
  if (await resumeSession(page, path)) return;
  await signInWithForm(page, adminUser);
  await page.goto(path);
}

/** Puts the kept superuser cookies back and opens `path`; false when there are none or the panel sent it to the login form. */
async function resumeSession(page: Page, path: string): Promise<boolean> {
  if (!superuserCookies) return false;
  await page.context().addCookies(superuserCookies);
  await page.goto(path);
  return !new URL(page.url()).pathname.startsWith("/admin/login");
}

async function signInWithForm(page: Page, user: { username: string; password: string }) {
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  if (user === adminUser) superuserCookies = (await page.context().cookies()).filter((cookie) => cookie.name.includes("next-auth"));
}

/** axe (WCAG 2.1 A/AA and best practices) finds nothing serious or critical on the page as it is now. */
export async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** A list page, then one record it links to: the one named, else the first the list links to (none when it is empty). */
interface ListAndRecord {
  list: string;
  record?: string;
  link: string;
}

/**
 * axe on every panel page at the page's current width, as a signed-in superuser. The pages of one record show
 * those named in `records`, else the first each list links to (a delivery's page only when the list has one).
 */
export async function expectEveryPanelPageAccessible(page: Page, records: { transaction?: string; gateway?: string; customer?: string } = {}) {
  const pages: Array<string | ListAndRecord> = [
    "/admin",
    { list: "/admin/transactions", record: records.transaction, link: "tbody tr a[href^='/admin/transactions/']" },
    "/admin/operations",
    records.customer ?? "/admin/customers",
    { list: "/admin/deliveries", link: "main a[href^='/admin/deliveries/']" },
    "/admin/messages",
    "/admin/payment-links/new",
    "/admin/bulk-payment-requests",
    { list: "/admin/gateways", record: records.gateway, link: "main a[href^='/admin/gateways/']:not([href$='/new'])" },
    "/admin/gateways/new",
    "/admin/currencies",
    "/admin/settings",
    { list: "/admin/users", link: "main a[href^='/admin/users/']" },
    "/admin/api-keys",
    "/admin/audit-log",
    "/admin/not-allowed",
  ];
  const check = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await test.step(path, () => expectNoSeriousViolations(page));
  };
  for (const entry of pages) {
    if (typeof entry === "string") {
      await check(entry);
      continue;
    }
    // The record's link is read while its list is open: no second visit to the list.
    await check(entry.list);
    const link = page.locator(entry.link).first();
    const record = entry.record ?? ((await link.count()) > 0 ? await link.getAttribute("href") : null);
    if (record) await check(record);
  }
}

/** A fact in the header of a transaction's page ("Charged", "Customer", "Reference number"…): the value under its label. */
export const transactionFact = (page: Page, label: string) =>
  page.getByRole("main").locator("header dt").filter({ hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

/** A new limited user added on the users page by the signed-in superuser, with the gateways whose checkbox labels are given. */
export async function addLimitedUser(page: Page, prefix: string, gateways: string[] = []) {
  const user = { username: `${prefix}-${randomBytes(3).toString("hex")}`, password: "clerk-password-0001" };
  await page.goto("/admin/users");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  for (const gateway of gateways) await page.getByRole("checkbox", { name: gateway }).check();
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("row", { name: new RegExp(user.username) })).toContainText("Limited");
  return user;
}
