import { expect, test } from "@playwright/test";
import { createTransaction, pathOf } from "./support/payments";

// Payment links in the browser, on the production build: a short link opens the payment page (an expired one, the
// expiry message), an unknown one is the bilingual "Link not found" page, and the QR code images load.

test("a short link opens the payment page; an expired one its expiry message", async ({ page, request }) => {
  const txn = (await createTransaction(request, { shortify_checkout_url: true })) as Awaited<ReturnType<typeof createTransaction>> & { checkout_short_url: string };
  expect(txn.checkout_short_url).toMatch(/\/b\/[0-9A-Za-z]{12}$/);
  const response = await page.goto(pathOf(txn.checkout_short_url));
  expect(response!.status()).toBe(200);
  expect(page.url()).toBe(txn.checkout_url);
  await expect(page.getByRole("button", { name: /^Pay / })).toBeVisible();

  const expiring = (await createTransaction(request, { shortify_checkout_url: true, expiration_time: "00:00:02" })) as typeof txn;
  await page.waitForTimeout(3_000);
  await page.goto(pathOf(expiring.checkout_short_url));
  await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
});

test("an unknown short link: the 404 page in English and Arabic", async ({ page }) => {
  const response = await page.goto("/b/Zz9Zz9Zz9Zz9");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Link not found", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "الرابط غير موجود", level: 2 })).toBeVisible();
});

test("the QR code, as PNG and SVG, is an image the browser draws", async ({ page, request }) => {
  const txn = (await createTransaction(request, { generate_qr_code: true, shortify_checkout_url: true })) as Awaited<ReturnType<typeof createTransaction>> & { qr_code_url: string };
  for (const path of [pathOf(txn.qr_code_url), pathOf(txn.qr_code_url).replace(/\.png$/, ".svg")]) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(200);
    const size = await page.locator("img, svg").first().evaluate((element) => element.getBoundingClientRect().width);
    expect(size, path).toBeGreaterThan(100);
  }
});
