import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signIn } from "./support/admin";

// The panel's currencies screen in a browser: a superuser signs in, a wrong code comes back with its error in
// place and what was typed, a right one joins the list; axe finds nothing serious.

test("a superuser adds a currency; a wrong code is shown in place", async ({ page }) => {
  await signIn(page);

  await page.getByRole("link", { name: "Currencies" }).click();
  await expect(page.getByRole("heading", { name: "Currencies", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /KWD/ })).toBeVisible();

  await page.getByLabel("Code").fill("C1");
  await page.getByLabel("Decimal places").fill("2");
  await page.getByRole("button", { name: "Save currency" }).click();
  await expect(page.getByText("Currency code must be 3 letters (ISO 4217), for example KWD.", { exact: true })).toBeVisible(); // under its field; the summary at the top links to it
  await expect(page.getByLabel("Code")).toHaveValue("C1");
  await expect(page.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Code").fill("chf");
  await page.getByRole("button", { name: "Save currency" }).click();
  await expect(page.getByRole("status")).toHaveText("CHF saved with 2 decimal places.");
  await expect(page.getByRole("row", { name: /CHF/ })).toContainText("2");

  await expectNoSeriousViolations(page);
});
