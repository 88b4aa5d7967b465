import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { adminUser } from "./support/credentials";

// The panel's currencies screen in a browser: a superuser signs in, a wrong code comes back with its error in
// place and what was typed, a right one joins the list; axe finds nothing serious.

test("a superuser adds a currency; a wrong code is shown in place", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(adminUser.username);
  await page.getByLabel("Password").fill(adminUser.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole("link", { name: "Currencies" }).click();
  await expect(page.getByRole("heading", { name: "Currencies", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /KWD/ })).toBeVisible();

  await page.getByLabel("Code").fill("C1");
  await page.getByLabel("Decimal places").fill("2");
  await page.getByRole("button", { name: "Save currency" }).click();
  await expect(page.getByText("Currency code must be 3 letters (ISO 4217), for example KWD.")).toBeVisible();
  await expect(page.getByLabel("Code")).toHaveValue("C1");
  await expect(page.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Code").fill("chf");
  await page.getByRole("button", { name: "Save currency" }).click();
  await expect(page.getByRole("status")).toHaveText("CHF saved with 2 decimal places.");
  await expect(page.getByRole("row", { name: /CHF/ })).toContainText("2");

  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});
