import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, openSignedIn, signIn } from "./support/admin";
import { adminUser } from "./support/credentials";

// The settings screen, the currencies' Disable button and the dashboard in a browser, as the e2e superuser: a
// wrong value comes back with its error in place and what was typed; the webhook key is shown once when it is
// generated or rotated, then again only after the user's password; axe finds nothing serious on /admin, /admin/settings, /admin/currencies.
// Only settings no other spec relies on are changed (the default address); the merchant's fields are saved as
// seed-e2e.ts set them.

test.describe.configure({ mode: "serial" });
// Each test runs axe several times, which takes a while on a loaded machine.
test.beforeEach(() => test.slow());

test("the dashboard renders its figures and charts", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  for (const name of ["Volume", "Success rate", "Transactions by state, this week", "Transactions per day", "Failing webhook deliveries, this week"]) {
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  }
  await expect(page.locator("figure svg.recharts-surface").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Transactions by state, this week" })).toBeAttached();
  await expect(page.getByRole("link", { name: "See the failing deliveries" })).toHaveAttribute("href", "/admin/deliveries");
  await expectNoSeriousViolations(page);
});

test("settings: an error is shown in place with what was typed, then the settings are saved", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Merchant name")).toHaveValue("E2E Store");
  await expectNoSeriousViolations(page);

  await page.getByLabel("Support e-mail").fill("help@");
  await page.getByLabel("Line 1").fill("Block 1, Street 2");
  await page.getByLabel("City").fill("Kuwait City");
  await page.getByLabel("State").fill("Capital");
  await page.getByLabel(/^Country/).fill("XX");
  await page.getByLabel("Postal code").fill("13001");
  await page.getByRole("button", { name: "Save settings" }).click();

  await expect(page.getByText("Enter a valid e-mail address.", { exact: true })).toBeVisible(); // under its field; the summary at the top links to it
  await expect(page.getByLabel("Support e-mail")).toHaveValue("help@");
  await expect(page.getByLabel("Support e-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(/^Country/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter an existing ISO 3166-1 alpha-2 country code, for example KW.", { exact: true })).toBeVisible(); // under its field; the summary at the top links to it
  await expect(page.getByLabel("City")).toHaveValue("Kuwait City");
  await expectNoSeriousViolations(page);

  await page.getByLabel("Support e-mail").fill("help@e2e-store.example");
  await page.getByLabel(/^Country/).fill("kw");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await expect(page.getByLabel(/^Country/)).toHaveValue("KW");

  await page.reload();
  await expect(page.getByLabel("Line 1")).toHaveValue("Block 1, Street 2");
  await expect(page.getByLabel("Support e-mail")).toHaveValue("help@e2e-store.example");
});

test("the webhook key is generated, rotated with a grace period, and shown once each time", async ({ page }) => {
  await openSignedIn(page, "/admin/settings");
  const section = page.getByRole("region", { name: "Webhook signing key" });

  const generate = async (button: string, previous = "") => {
    await section.getByRole("button", { name: button }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: button }).click();
    const key = page.getByLabel("New webhook key");
    await expect(key).not.toHaveValue(previous);
    await expect(key).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
    return key.inputValue();
  };

  // seed-e2e.ts sets no key.
  await expect(section.getByText("Not set: webhooks are sent unsigned.")).toBeVisible();
  const first = await generate("Generate key");
  await expect(section.getByText(/^Set, last rotated at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/)).toBeVisible();

  await section.getByLabel("Old key keeps signing for").selectOption("1h");
  const second = await generate("Rotate key", first);
  await expect(section.getByText(/The old key keeps signing beside the new one until/)).toBeVisible();
  await expect(section.getByText(/^The previous key also signs until/)).toBeVisible();
  // The answer is where the user is looking (focused, right under the button); the chosen period stays chosen.
  await expect(section.getByLabel("Webhook key result")).toBeFocused();
  await expect(section.getByLabel("Old key keeps signing for")).toHaveValue("1h");
  await expectNoSeriousViolations(page);

  await page.reload();
  await expect(page.getByLabel("New webhook key")).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain(first);
  expect(html).not.toContain(second);

  // Shown again only to a superuser who types their password again; a wrong one is said in place.
  await section.getByLabel("Your password").fill("not-the-password");
  await section.getByRole("button", { name: "Show key" }).click();
  await expect(section.getByRole("alert")).toHaveText("Wrong password: the key stays hidden.");
  await expect(section.getByLabel("Your password")).toBeFocused();
  await section.getByLabel("Your password").fill(adminUser.password);
  await section.getByRole("button", { name: "Show key" }).click();
  await expect(section.getByLabel("Current webhook key")).toHaveValue(second);
  await expect(section.getByLabel("Current webhook key")).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.goto("/admin/audit-log");
  await expect(page.getByText("settings.webhook_key.reveal").first()).toBeVisible();
});

test("currencies: disabling one an enabled gateway takes is refused, naming the gateways", async ({ page }) => {
  await openSignedIn(page, "/admin/currencies");
  await expectNoSeriousViolations(page);
  const row = page.getByRole("row", { name: /^KWD/ });
  await expect(row.getByRole("cell", { name: "Enabled" })).toBeVisible();
  await row.getByRole("button", { name: "Disable KWD" }).click();
  await expect(row.getByRole("alert")).toHaveText(
    "KWD cannot be disabled while enabled gateway settings take it: knet, live-card, mpgs, mpgs-auth, mpgs-down, sandbox, sandbox-auth, sandbox-fee. Disable those gateway settings or remove KWD from their currencies first.",
  );
  await expect(row.getByRole("cell", { name: "Enabled" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
