import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { readApiKey } from "./support/credentials";
import { createTransaction, pathOf, payButton, RESULT_URL, transactionState } from "./support/payments";

// The payment flows on MPGS's Hosted Checkout, against the MPGS stand-in: create by API → open checkout_url → our
// page leg runs the gateway's checkout.js → pay on "MPGS's" page → the result page and the state by GET; capture
// and refund through the operations API. The page leg needs scripts (as MPGS's own checkout.js does).

const MPGS_PAGE_URL = /\/checkout\/pay\/SESSION0002[0-9A-F]+$/;

/** From the payment page, through our page leg's checkout.js, to MPGS's (the stand-in's) hosted page. */
async function openMpgs(page: Page, checkoutUrl: string) {
  await page.goto(pathOf(checkoutUrl));
  await payButton(page).click();
  await expect(page).toHaveURL(MPGS_PAGE_URL);
  await expect(page.getByRole("heading", { name: "MPGS Hosted Checkout stand-in" })).toBeVisible();
}

const operate = (request: APIRequestContext, data: Record<string, unknown>) =>
  request.post("/b/pbl/v2/operation/", { headers: { Authorization: `Api-Key ${readApiKey()}` }, data });

test.describe("paying with MPGS", () => {
  test("approved: paid, with the card MPGS charged", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["mpgs"], currency_code: "KWD", amount: "12.5" });
    await openMpgs(page, txn.checkout_url);
    await expect(page.getByText("Pay 12.500 KWD")).toBeVisible();
    await page.getByRole("button", { name: "Pay (approved)" }).click();
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    await expect(page.getByText("Mastercard •••• 0008")).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");
  });

  test("declined: MPGS's page says so and stays payable; its cancel link ends it as declined", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["mpgs"], currency_code: "KWD", amount: "12.5" });
    await openMpgs(page, txn.checkout_url);
    await page.getByRole("button", { name: "Pay with a declined card" }).click();
    await expect(page.getByRole("alert")).toContainText("not approved");
    expect(await transactionState(request, txn.session_id)).toBe("pending");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("attempted");
  });

  test("3-D Secure failed, then canceled: declined, nothing taken, still payable", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["mpgs"], currency_code: "KWD", amount: "3" });
    await openMpgs(page, txn.checkout_url);
    await page.getByRole("button", { name: "Fail 3-D Secure" }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
    await expect(page.getByText("No payment was taken.")).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("attempted");
  });

  test("canceled on MPGS's page, then a retry is paid", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["mpgs"], currency_code: "USD", amount: "25" });
    await openMpgs(page, txn.checkout_url);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Payment canceled" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("attempted");
    await openMpgs(page, txn.checkout_url);
    await page.getByRole("button", { name: "Pay (approved)" }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");
  });

  test("refund through the operations API: in part, then the rest", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["mpgs"], currency_code: "USD", amount: "25" });
    await openMpgs(page, txn.checkout_url);
    await page.getByRole("button", { name: "Pay (approved)" }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    const partial = await operate(request, { operation: "refund", session_id: txn.session_id, amount: "10" });
    expect(partial.status(), await partial.text()).toBe(200);
    expect(await partial.json()).toMatchObject({ result: "success", pg_response: { type: "REFUND", amount: 10 } });
    const rest = await operate(request, { operation: "refund", session_id: txn.session_id });
    expect(await rest.json()).toMatchObject({ result: "success", txn: { state: "refunded", refunded_amount: "25.00" } });
  });

  test("authorize, then capture in part, through the operations API", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["mpgs-auth"], currency_code: "USD", amount: "25" });
    await openMpgs(page, txn.checkout_url);
    await page.getByRole("button", { name: "Pay (approved)" }).click();
    await expect(page.getByRole("heading", { name: "Payment approved" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("authorized");
    const capture = await operate(request, { operation: "capture", session_id: txn.session_id, amount: "20" });
    expect(await capture.json()).toMatchObject({ result: "success", txn: { state: "captured" } });
  });
});
