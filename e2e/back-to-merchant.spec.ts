import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, test, type Page } from "@playwright/test";
import { openSignedIn, transactionFact } from "./support/admin";
import { passDeadline } from "./support/database";
import { postLegacyTransaction } from "./support/legacy-transactions";
import type { CreatedTransaction } from "./support/payments";
import { CARDS, choosePay, createTransaction, expectStateSoon, pathOf, payButton, payWithCard, RESULT_URL, transactionState } from "./support/payments";

// "Back to E2E Store" on every customer page a payment can stop at: the payment page, the sandbox's card and
// 3-D Secure pages, and the canceled, declined, failed and expired results. A plain link to the merchant's page
// with session_id, order_no and the outcome (`result`), which changes nothing: the link stays payable until it
// expires. With scripts and without (playwright.config.ts): without, once per page the link is on. Nothing here changes the shared settings (other specs
// run beside it): no button without a target, and the expired page without a contact, are Vitest's
// (test/checkout/back-to-merchant.test.ts).

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
const created = (request: APIRequestContext, fields: Record<string, unknown> = {}) =>
  createTransaction(request, { redirect_url: `${base}/return?shop=1`, extra: { cart: "c-9" }, ...fields });

const INSUFFICIENT_FUNDS = "The card has insufficient funds: try another card, or add funds and try again.";

/** Follows "Back to E2E Store" and answers the query the merchant's page got. */
async function goBack(page: Page): Promise<Record<string, string>> {
  await page.getByRole("link", { name: "Back to E2E Store" }).click();
  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
  const landed = new URL(page.url());
  expect(landed.origin + landed.pathname).toBe(`${base}/return`);
  return Object.fromEntries(landed.searchParams);
}

/** Opens the link and presses Pay: the sandbox's card page. */
async function toCardPage(page: Page, checkoutUrl: string) {
  await page.goto(pathOf(checkoutUrl));
  await choosePay(page);
}

/**
 * Goes back, and checks what the merchant's page was told (the session, the latest attempt's reference, `result`),
 * that the transaction is in `state` still, and, when that state is payable, that the link still offers to pay.
 */
async function expectWayBack(page: Page, request: APIRequestContext, txn: CreatedTransaction, result: string, state: string) {
  expect(await goBack(page)).toMatchObject({ session_id: txn.session_id, reference_number: expect.stringMatching(/^CK[0-9A-F]{16}$/), result });
  expect(await transactionState(request, txn.session_id)).toBe(state);
  if (state === "error") return;
  await page.goto(pathOf(txn.checkout_url));
  await expect(payButton(page)).toBeVisible();
}

test("from the payment page: redirect_url with session_id, order_no, extra and result=canceled; still payable", async ({ page, request }) => {
  const txn = await created(request, { order_no: `BACK-${Date.now()}`, product_type: "Annual membership" });
  await page.goto(pathOf(txn.checkout_url));
  await expect(page.getByText("Annual membership")).toBeVisible(); // what is being paid for
  const query = await goBack(page);
  expect(query).toEqual({ shop: "1", cart: "c-9", order_no: expect.stringMatching(/^BACK-/), session_id: txn.session_id, result: "canceled" });
  expect(await transactionState(request, txn.session_id)).toBe("created");
  await page.goto(pathOf(txn.checkout_url));
  await expect(payButton(page)).toBeVisible();
});

test("from the sandbox card page: the open attempt's reference; nothing moves, and the link is paid afterwards", async ({ page, request }) => {
  const txn = await created(request);
  await toCardPage(page, txn.checkout_url);
  await expectWayBack(page, request, txn, "canceled", "pending");
  await choosePay(page);
  await payWithCard(page, CARDS.approved);
  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible(); // the redirect after paying
  expect(await transactionState(request, txn.session_id)).toBe("paid");
});

test("from the 3-D Secure page: result=canceled, still payable", async ({ page, request }) => {
  const txn = await created(request);
  await toCardPage(page, txn.checkout_url);
  await payWithCard(page, CARDS.challenge);
  await expect(page.getByRole("heading", { name: "3-D Secure verification" })).toBeVisible();
  await expectWayBack(page, request, txn, "canceled", "pending");
});

test("from the canceled result: result=canceled, still payable", async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without scripts, the same result page and link as the declined result's test");
  const txn = await created(request);
  await toCardPage(page, txn.checkout_url);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Payment canceled" })).toBeVisible();
  await expectWayBack(page, request, txn, "canceled", "attempted");
});

test("from the declined result: why in words the customer can act on, then result=failed; still payable", async ({ page, request }) => {
  const txn = await created(request);
  await toCardPage(page, txn.checkout_url);
  await payWithCard(page, CARDS.declined);
  await expect(page).toHaveURL(RESULT_URL);
  await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
  await expect(page.getByTestId("decline-reason")).toHaveText(INSUFFICIENT_FUNDS);
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expectWayBack(page, request, txn, "failed", "attempted");
});

test("an expired card and a wrong CVV say so; the card page's table says what each card does", async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without scripts, the declined card's form posts (the reasons are the server's)");
  const txn = await created(request);
  await toCardPage(page, txn.checkout_url);
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

test("from the failed result (a processing error): result=error with the attempt's reference", async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without scripts, the same result page and link as the declined result's test");
  const txn = await created(request, { webhook_url: `${base}/webhook` }); // refused: the customer stays on our page
  await toCardPage(page, txn.checkout_url);
  await payWithCard(page, CARDS.error);
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await expectWayBack(page, request, txn, "error", "error");
});

test("from a legacy transaction's declined result (its disclosure_url refused): result=failed, the legacy query", async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without scripts, the same result page and link as the declined result's test");
  const txn = await postLegacyTransaction(request, { redirect_url: `${base}/return?shop=1`, disclosure_url: `${base}/disclosure` });
  await toCardPage(page, txn.checkout_url);
  await payWithCard(page, CARDS.declined);
  await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
  await expect(page.getByTestId("decline-reason")).toHaveText(INSUFFICIENT_FUNDS);
  expect(await goBack(page)).toEqual({ shop: "1", order_no: expect.any(String), reference_number: expect.stringMatching(/^CK/), result: "failed" });
  expect(await transactionState(request, txn.session_id)).toBe("failed");
});

test("from the expired result: result=expired", async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without scripts, the same plain link as the payment page's test");
  const txn = await created(request);
  await passDeadline(txn.session_id);
  await page.goto(pathOf(txn.checkout_url));
  await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
  expect(await goBack(page)).toMatchObject({ session_id: txn.session_id, result: "expired" });
  await expectStateSoon(request, txn.session_id, "expired");
});

test("the panel's transaction page shows what was charged with its fee", async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the panel is a signed-in page of its own (admin specs)");
  const txn = await createTransaction(request, { pg_codes: ["sandbox-fee"] });
  await page.goto(pathOf(txn.checkout_url));
  await expect(page.getByTestId("amount")).toHaveText("KWD 87.540");
  await expect(page.getByTestId("order-amount")).toHaveText("Order amount KWD 86.000 + fee KWD 1.540");
  await choosePay(page); // the only method
  await payWithCard(page, CARDS.approved);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await openSignedIn(page, `/admin/transactions/${txn.session_id}`);
  await expect(page.getByRole("main").locator("header").getByText("KWD 86.000", { exact: true })).toBeVisible();
  await expect(transactionFact(page, "Charged")).toHaveText("KWD 87.540 (fee KWD 1.540)");
});
