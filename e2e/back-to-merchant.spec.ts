import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/admin";
import { withDatabase } from "./support/database";
import { postLegacyTransaction } from "./support/legacy-transactions";
import { CARDS, choosePay, createTransaction, expectStateSoon, pathOf, payButton, payWithCard, RESULT_URL, transactionState } from "./support/payments";

// "Back to E2E Store" on every customer page a payment can stop at: the payment page, the sandbox's card and
// 3-D Secure pages, and the canceled, declined, failed and expired results. A plain link to the merchant's page
// with session_id, order_no and the outcome (`result`), which changes nothing: the link stays payable until it
// expires. With scripts and without (playwright.config.ts).

/** The merchant's site: any GET is its return page; POST /disclosure (a legacy result) is refused with a 500. */
let merchant: Server;
let base: string;

test.beforeAll(async () => {
  merchant = createServer((req, res) => {
    if (req.method === "POST") {
      req.resume();
      req.on("end", () => res.writeHead(500, { "content-type": "text/plain" }).end("failure"));
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>Shop</title><h1>Back at the shop</h1>");
  });
  await new Promise<void>((resolve) => merchant.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise((resolve) => merchant.close(resolve)));

/** A transaction whose redirect_url is the merchant's return page. */
const created = (request: Parameters<typeof createTransaction>[0], fields: Record<string, unknown> = {}) =>
  createTransaction(request, { redirect_url: `${base}/return?shop=1`, extra: { cart: "c-9" }, ...fields });

/** Follows "Back to E2E Store" and answers the query the merchant's page got. */
async function goBack(page: Page): Promise<Record<string, string>> {
  await page.getByRole("link", { name: "Back to E2E Store" }).click();
  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
  const landed = new URL(page.url());
  expect(landed.origin + landed.pathname).toBe(`${base}/return`);
  return Object.fromEntries(landed.searchParams);
}

/** The link still offers the payment form. */
async function expectPayable(page: Page, checkoutUrl: string) {
  await page.goto(pathOf(checkoutUrl));
  await expect(payButton(page)).toBeVisible();
}

test("from the payment page: redirect_url with session_id, order_no, extra and result=canceled; still payable", async ({ page, request }) => {
  const txn = await created(request, { order_no: `BACK-${Date.now()}`, product_type: "Annual membership" });
  await page.goto(pathOf(txn.checkout_url));
  await expect(page.getByText("Annual membership")).toBeVisible(); // what is being paid for
  const query = await goBack(page);
  expect(query).toEqual({ shop: "1", cart: "c-9", order_no: expect.stringMatching(/^BACK-/), session_id: txn.session_id, result: "canceled" });
  expect(await transactionState(request, txn.session_id)).toBe("created");
  await expectPayable(page, txn.checkout_url);
});

test("from the sandbox card page: the open attempt's reference; nothing moves, and the link is paid afterwards", async ({ page, request }) => {
  const txn = await created(request);
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  const query = await goBack(page);
  expect(query).toMatchObject({ session_id: txn.session_id, reference_number: expect.stringMatching(/^CK[0-9A-F]{16}$/), result: "canceled" });
  expect(await transactionState(request, txn.session_id)).toBe("pending");

  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.approved);
  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible(); // the redirect after paying
  expect(await transactionState(request, txn.session_id)).toBe("paid");
});

test("from the 3-D Secure page: result=canceled, still payable", async ({ page, request }) => {
  const txn = await created(request);
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.challenge);
  await expect(page.getByRole("heading", { name: "3-D Secure verification" })).toBeVisible();
  expect(await goBack(page)).toMatchObject({ session_id: txn.session_id, result: "canceled" });
  expect(await transactionState(request, txn.session_id)).toBe("pending");
  await expectPayable(page, txn.checkout_url);
});

test("from the canceled result: result=canceled, still payable", async ({ page, request }) => {
  const txn = await created(request);
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Payment canceled" })).toBeVisible();
  expect(await goBack(page)).toMatchObject({ session_id: txn.session_id, reference_number: expect.stringMatching(/^CK/), result: "canceled" });
  expect(await transactionState(request, txn.session_id)).toBe("attempted");
  await expectPayable(page, txn.checkout_url);
});

test("from the declined result: why in words the customer can act on, then result=failed; still payable", async ({ page, request }) => {
  const txn = await created(request);
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.declined);
  await expect(page).toHaveURL(RESULT_URL);
  await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
  await expect(page.getByTestId("decline-reason")).toHaveText("The card has insufficient funds: try another card, or add funds and try again.");
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  expect(await goBack(page)).toMatchObject({ session_id: txn.session_id, reference_number: expect.stringMatching(/^CK/), result: "failed" });
  expect(await transactionState(request, txn.session_id)).toBe("attempted");
  await expectPayable(page, txn.checkout_url);
});

test("an expired card and a wrong CVV say so; the card page's table says what each card does", async ({ page, request }) => {
  const txn = await created(request);
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: "4000 0000 0000 0101 Declined: the card has expired" })).toBeVisible();
  await expect(table.getByRole("row", { name: /^4000 0000 0000 0069 Approved; later refunds, captures and voids are refused$/ })).toBeVisible();
  await payWithCard(page, "4000 0000 0000 0101");
  await expect(page.getByTestId("decline-reason")).toHaveText("The card has expired: try another card.");

  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText("Your payment was declined. The card has expired: try another card.");
  await choosePay(page);
  await payWithCard(page, "4000 0000 0000 0127");
  await expect(page.getByTestId("decline-reason")).toHaveText(
    "Some card details were not accepted: check the card number, expiry date and CVV, then try again.",
  );
});

test("from the failed result (a processing error): result=error with the attempt's reference", async ({ page, request }) => {
  const txn = await created(request, { webhook_url: `${base}/webhook` }); // refused: the customer stays on our page
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.error);
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  expect(await goBack(page)).toMatchObject({ session_id: txn.session_id, reference_number: expect.stringMatching(/^CK/), result: "error" });
  expect(await transactionState(request, txn.session_id)).toBe("error");
});

test("from a legacy transaction's declined result (its disclosure_url refused): result=failed, the legacy query", async ({ page, request }) => {
  const txn = await postLegacyTransaction(request, { redirect_url: `${base}/return?shop=1`, disclosure_url: `${base}/disclosure` });
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.declined);
  await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
  await expect(page.getByTestId("decline-reason")).toHaveText("The card has insufficient funds: try another card, or add funds and try again.");
  expect(await goBack(page)).toEqual({ shop: "1", order_no: expect.any(String), reference_number: expect.stringMatching(/^CK/), result: "failed" });
  expect(await transactionState(request, txn.session_id)).toBe("failed");
});

test("from the expired result: result=expired", async ({ page, request }) => {
  const txn = await created(request, { expiration_time: "00:00:02" });
  await page.waitForTimeout(2_500);
  await page.goto(pathOf(txn.checkout_url));
  await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
  expect(await goBack(page)).toMatchObject({ session_id: txn.session_id, result: "expired" });
  await expectStateSoon(request, txn.session_id, "expired");
});

test("with neither redirect_url nor a website: no button, and the expired page names no contact it does not have", async ({ page, request }) => {
  const settings = (sql: string) => withDatabase((db) => db.query(sql));
  await settings("UPDATE settings SET merchant_website_url = NULL, support_email = NULL, support_phone = NULL WHERE id = 1");
  try {
    const txn = await createTransaction(request);
    await expect.poll(async () => {
      await page.goto(pathOf(txn.checkout_url));
      return page.getByRole("link", { name: "Back to E2E Store" }).count();
    }).toBe(0);
    await choosePay(page);
    await expect(page.getByRole("link", { name: "Back to E2E Store" })).toHaveCount(0);

    const expired = await createTransaction(request, { expiration_time: "00:00:01" });
    await page.waitForTimeout(1_500);
    await page.goto(pathOf(expired.checkout_url));
    await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
    await expect(page.getByText("The time to pay has passed.", { exact: true })).toBeVisible();
    await expect(page.getByText(/contact/i)).toHaveCount(0);
  } finally {
    await settings(
      "UPDATE settings SET merchant_website_url = 'https://e2e-store.example/', support_email = 'help@e2e-store.example', support_phone = '+96522000000' WHERE id = 1",
    );
  }
});

test("the panel's transaction page shows what was charged with its fee", async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the panel is a signed-in page of its own (admin specs)");
  const txn = await createTransaction(request, { pg_codes: ["sandbox-fee"] });
  await page.goto(pathOf(txn.checkout_url));
  await expect(page.getByTestId("amount")).toHaveText("KWD 87.540");
  await expect(page.getByTestId("order-amount")).toHaveText("Order amount KWD 86.000 + fee KWD 1.540");
  await choosePay(page);
  await payWithCard(page, CARDS.approved);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await signIn(page);
  await page.goto(`/admin/transactions/${txn.session_id}`);
  await expect(page.getByText(/^paid · KWD 86\.000 · charged KWD 87\.540 \(fee KWD 1\.540\)$/)).toBeVisible();
});
