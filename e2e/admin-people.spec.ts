import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { adminUser } from "./support/credentials";
import { expectNoSeriousViolations, openSignedIn, signIn } from "./support/admin";

// The people screens in a browser: a superuser adds a limited user, who signs in elsewhere and is shown "Not
// allowed" on superuser screens, then is disabled and sent to the sign-in page by their next navigation; an API
// key made in the panel works with the checkout API until it is revoked; the audit log shows what was done.
// axe finds nothing serious on any of these screens.

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString("hex")}`;
const UNKNOWN_SESSION = "0".repeat(40);

test("a limited user meets 'Not allowed'; disabled, their next navigation goes to the sign-in page", async ({ page, browser }) => {
  test.setTimeout(60_000); // two signed-in browsers and axe on each screen: about 17 s here, past 30 s on a loaded CI host
  const clerk = { username: unique("clerk"), password: "clerk-password-0001" };
  await signIn(page);
  await page.getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);

  // A password against the rules: the error in place, what was typed kept (the password in the browser only).
  await page.getByLabel("Username").fill(clerk.username);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("checkbox", { name: "Sandbox card (sandbox)" }).check();
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByText("Password must have at least 8 characters.", { exact: true })).toBeVisible(); // under its field; the summary at the top links to it
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Username")).toHaveValue(clerk.username);
  await expect(page.getByLabel("Password")).toHaveValue("short");
  await expect(page.getByRole("checkbox", { name: "Sandbox card (sandbox)" })).toBeChecked();
  await expectNoSeriousViolations(page);

  await page.getByLabel("Password").fill(clerk.password);
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status").filter({ hasText: `User ${clerk.username} added.` })).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveValue("");
  const row = page.getByRole("row", { name: new RegExp(clerk.username) });
  await expect(row).toContainText("Limited");
  await expect(row).toContainText("sandbox");
  await expect(row).toContainText("create, update");
  await expect(row).toContainText("Never");

  // The clerk signs in in a browser of their own.
  const clerkContext = await browser.newContext();
  const clerkPage = await clerkContext.newPage();
  await signIn(clerkPage, clerk);
  await expect(clerkPage.getByRole("link", { name: "Users" })).toHaveCount(0);
  for (const path of ["/admin/settings", "/admin/users", "/admin/api-keys", "/admin/audit-log"]) {
    await clerkPage.goto(path);
    await expect(clerkPage.getByRole("heading", { name: "Not allowed", level: 1 })).toBeVisible();
  }

  // The superuser opens the clerk, is stopped from disabling themselves elsewhere, and disables the clerk.
  await page.reload();
  await expect(row).not.toContainText("Never");
  await row.getByRole("link", { name: clerk.username }).click();
  await expect(page.getByRole("heading", { name: `User ${clerk.username}`, level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Disable user" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Disable ${clerk.username}?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Disable user" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${clerk.username} is disabled.` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enable user" })).toBeVisible();

  // The clerk's cookie is still there; their next navigation ends at the sign-in page.
  await clerkPage.goto("/admin");
  await expect(clerkPage).toHaveURL(/\/admin\/login$/);
  await clerkContext.close();

  // The superuser cannot disable themselves: their own page says so instead of offering the button.
  await page.goto("/admin/users");
  await page.getByRole("row", { name: new RegExp(adminUser.username) }).getByRole("link").click();
  await expect(page.getByText("This is you: another superuser may disable your account.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Disable user" })).toHaveCount(0);
});

test("an API key made in the panel is shown once, works with the API, and is refused once revoked", async ({ page, context, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const name = unique("panel-key");
  await signIn(page);
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByText("Name is required.", { exact: true })).toBeVisible(); // under its field; the summary at the top links to it
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create API key" }).click();
  const shown = page.getByRole("textbox", { name: "Private key" });
  await expect(shown).toHaveValue(/^ck_/);
  const key = await shown.inputValue();
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByText("Copied to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectNoSeriousViolations(page);

  // Reading a transaction is public (its session id is the capability); an update authenticates first.
  const call = () => request.patch(`/b/checkout/v1/pymt-txn/${UNKNOWN_SESSION}`, { headers: { Authorization: `Api-Key ${key}` }, data: {} });
  expect((await call()).status()).toBe(404);

  // Never shown again; the list has its prefix, and its use.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Private key" })).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(key.slice(0, 10));
  await expect(row).toContainText("active");
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell").nth(2)).not.toHaveText("Never", { timeout: 1_000 });
  }).toPass();

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Revoke the API key ${name}?` });
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await call()).status()).toBe(404);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await dialog.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `API key ${name} revoked.` })).toBeVisible();
  await expect(row).toContainText("revoked");
  expect((await call()).status()).toBe(401);
});

test("the audit log shows what was done, newest first, by entity", async ({ page }) => {
  const name = unique("audited-key");
  await openSignedIn(page, "/admin/api-keys");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByRole("textbox", { name: "Private key" })).toBeVisible();

  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  // Other specs act at the same moment, so the newest entry may be theirs: ours is on the first page, and the
  // entries run newest first.
  const ours = page.getByRole("row").filter({ hasText: `name: (none) → ${name}` });
  await expect(ours).toContainText(adminUser.username);
  await expect(ours).toContainText("api_key.create");
  const times = await page.locator("tbody time").evaluateAll((cells) => cells.map((cell) => cell.getAttribute("datetime") ?? ""));
  expect(times.length).toBeGreaterThan(1);
  expect(times).toEqual([...times].sort().reverse());
  await expectNoSeriousViolations(page);

  await page.getByLabel("Entity").selectOption("user");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/entity=user/);
  await expect(page.getByRole("cell", { name: "api_key.create" })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await page.goto("/admin/audit-log?entity=nonsense");
  await expect(page.getByRole("alert").filter({ hasText: "Entity must be one of" })).toBeVisible();
});
