import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signIn } from "./support/admin";
import { orderNo } from "./support/payments";

// Bulk payment requests in the panel, on the production build: a superuser uploads a small CSV, sees the
// created rows (each a link to its transaction) and the invalid line with its errors; the same file again
// creates nothing twice. axe finds nothing serious on the page, errors shown.

test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the admin panel's forms are for browsers with JavaScript, as in the other admin specs");
  test.slow();
});

test("a superuser uploads a CSV of payment requests and sees the created rows and the invalid line", async ({ page }) => {
  const [first, second] = [orderNo(), orderNo()];
  const urls = "https://shop.example/return,https://shop.example/disclosure";
  const file = {
    name: "requests.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "amount,currency_code,customer_email,order_no,gateway_code,redirect_url,disclosure_url",
        `10,KWD,sara@example.com,${first},sandbox,${urls}`,
        `-3,KWD,not-an-email,${orderNo()},sandbox,${urls}`,
        `12.5,KWD,omar@example.com,${second},sandbox,${urls}`,
      ].join("\r\n"),
    ),
  };

  await signIn(page);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Bulk requests" }).click();
  await expect(page.getByRole("heading", { name: "Bulk payment requests", level: 1 })).toBeVisible();

  // No file chosen: the error is announced and tied to the input.
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose a CSV file to upload" })).toBeVisible();
  await expect(page.getByLabel("CSV file")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: "requests.csv: 3 rows, 2 created, 0 already created, 1 invalid." })).toBeVisible();
  const created = page.getByRole("region", { name: "Created", exact: true });
  await expect(created.getByRole("rowheader")).toHaveText(["2", "4"]);
  const invalid = page.getByRole("region", { name: "Invalid lines (nothing created for them)" });
  await expect(invalid.getByRole("row", { name: /^3 / })).toContainText("customer_email: Enter a valid email address.");
  await expect(invalid.getByRole("row", { name: /^3 / })).toContainText("amount:");
  await expectNoSeriousViolations(page);

  // The same file again: nothing is created twice.
  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: "requests.csv: 3 rows, 0 created, 2 already created, 1 invalid." })).toBeVisible();

  // Each row links to its transaction.
  await page.getByRole("region", { name: "Already created by an earlier upload of this file" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/transactions\/[0-9a-f]{40}$/);
  await expect(page.getByText(first).first()).toBeVisible();
});
