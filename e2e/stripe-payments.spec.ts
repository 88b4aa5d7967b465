import { expect, type Page, test } from "@playwright/test";
import { readApiKey } from "./support/credentials";
import { createTransaction, pathOf, payButton, RESULT_URL, transactionState } from "./support/payments";

// The sandbox's payment flows again on Stripe, through the SDK against the Stripe stand-in (Checkout Session,
// hosted page, signed webhooks): create by API → open checkout_url → pay on "Stripe's" page → the result page and
// the state by GET; a refund through the operations API. Every test runs with scripts and without.

const STRIPE_PAGE_URL = /\/c\/pay\/cs_test_[0-9a-f]+$/;

/** From the payment page to Stripe's (the stand-in's) hosted page. */
async function openStripe(page: Page, checkoutUrl: string) {
  await page.goto(pathOf(checkoutUrl));
  await payButton(page).click();
  await expect(page).toHaveURL(STRIPE_PAGE_URL);
  await expect(page.getByRole("heading", { name: "Stripe Checkout stand-in" })).toBeVisible();
}

test.describe("paying with Stripe", () => {
  test("approved: paid, with the card Stripe charged", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["stripe"], currency_code: "USD", amount: "25" });
    await openStripe(page, txn.checkout_url);
    await expect(page.getByText("Pay 2500 USD (minor units)")).toBeVisible();
    await page.getByRole("button", { name: "Pay (approve)" }).click();
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    await expect(page.getByText("Visa •••• 4242")).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");
    // Back on Stripe's page (browser history): nothing to pay any more.
    await page.goBack();
    await expect(page.getByText(/no longer active/)).toBeVisible();
  });

  test("declined: Stripe's page says so and stays payable; going back ends it as declined", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["stripe"], currency_code: "USD", amount: "25" });
    await openStripe(page, txn.checkout_url);
    await page.getByRole("button", { name: "Pay with a declined card" }).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    expect(await transactionState(request, txn.session_id)).toBe("pending");
    await page.getByRole("link", { name: "← Back" }).click();
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("attempted");
  });

  test("canceled: Stripe's back link, then a retry is paid", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["stripe"], currency_code: "USD", amount: "25" });
    await openStripe(page, txn.checkout_url);
    await page.getByRole("link", { name: "← Back" }).click();
    await expect(page.getByRole("heading", { name: "Payment canceled" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("attempted");

    await openStripe(page, txn.checkout_url);
    await page.getByRole("button", { name: "Pay (approve)" }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");
  });

  test("refund through the operations API: in part, then the rest", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["stripe"], currency_code: "USD", amount: "25" });
    await openStripe(page, txn.checkout_url);
    await page.getByRole("button", { name: "Pay (approve)" }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();

    const refund = (amount?: string) =>
      request.post("/b/pbl/v2/operation/", {
        headers: { Authorization: `Api-Key ${readApiKey()}` },
        data: { operation: "refund", session_id: txn.session_id, ...(amount ? { amount } : {}) },
      });
    const partial = await refund("10");
    expect(partial.status(), await partial.text()).toBe(200);
    expect(await partial.json()).toMatchObject({ result: "success", pg_response: { status: "succeeded", amount: 1000 } });
    const rest = await refund();
    expect(await rest.json()).toMatchObject({ result: "success", txn: { state: "refunded", refunded_amount: "25.00" } });
    expect(await transactionState(request, txn.session_id)).toBe("refunded");
  });

  test("authorize, then capture through the operations API", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["stripe-auth"], currency_code: "USD", amount: "25" });
    await openStripe(page, txn.checkout_url);
    await page.getByRole("button", { name: "Pay (approve)" }).click();
    await expect(page.getByRole("heading", { name: "Payment approved" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("authorized");
    const capture = await request.post("/b/pbl/v2/operation/", {
      headers: { Authorization: `Api-Key ${readApiKey()}` },
      data: { operation: "capture", session_id: txn.session_id },
    });
    expect(await capture.json()).toMatchObject({ result: "success", txn: { state: "captured" } });
  });
});
