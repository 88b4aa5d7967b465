import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { passDeadline } from "./support/database";
import {
  CARD_PAGE_URL,
  CARDS,
  choosePay,
  createTransaction,
  expectStateSoon,
  pathOf,
  payButton,
  payWithCard,
  RESULT_URL,
  transactionState,
} from "./support/payments";

// Create by API → open checkout_url → pay on the sandbox gateway with each test card → the result page and the
// state by GET. With scripts and without (playwright.config.ts); without, the tests whose pages and form posts
// another test already takes without scripts are skipped (what differs there is the server's, the same either way).

test.describe("paying with the sandbox test cards", () => {
  test("4111 1111 1111 1111 is approved: paid", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["sandbox", "sandbox-fee"] });
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page, /^Sandbox card No fee/);

    await expect(page.getByText("Payment to E2E Store")).toBeVisible();
    await expect(page.getByText("KWD 86.000")).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveAttribute("autocomplete", "cc-number");
    await expect(page.getByLabel("Card number")).toHaveAttribute("inputmode", "numeric");
    await expect(page.getByLabel("Save this card")).toHaveCount(0); // no customer_id

    const cardPage = page.url();
    await payWithCard(page, CARDS.approved);
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    // The receipt: reference, amount, date, method and card, and the way back to the merchant's site.
    await expect(page.getByText(/^CK[0-9A-F]{16}$/)).toBeVisible();
    await expect(page.getByText("KWD 86.000")).toBeVisible();
    await expect(page.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
    await expect(page.getByText("Sandbox card", { exact: true })).toBeVisible();
    await expect(page.getByText("Visa •••• 1111")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to E2E Store" })).toHaveAttribute("href", "https://e2e-store.example/");
    await expect(page.getByText("Test mode")).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");

    // Back on the card page (browser history): nothing to pay any more, only the way back.
    await page.goto(cardPage);
    await expect(page.getByRole("heading", { name: "This payment is already processed" })).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await page.getByRole("button", { name: "Return to the shop" }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");

    // The checkout_url now shows the result summary, with no way to pay again.
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    await expect(payButton(page)).toHaveCount(0);
  });

  test("on an authorize gateway the approved card leaves the transaction authorized", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without scripts, the approved card's form posts (the authorization is the server's)");
    const txn = await createTransaction(request, { pg_codes: ["sandbox-auth"], currency_code: "USD", amount: "12.5" });
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.getByTestId("amount")).toHaveText("$12.50");
    await choosePay(page); // the only method is already chosen
    await payWithCard(page, CARDS.approved);
    await expect(page.getByRole("heading", { name: "Payment approved" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("authorized");
  });

  test("4000 0000 0000 0002 is declined: attempted, then a retry with 4111 is paid", async ({ page, request }) => {
    const txn = await createTransaction(request);
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page);
    await payWithCard(page, CARDS.declined);
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("attempted");

    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText(
      "Your payment was declined. The card has insufficient funds: try another card, or add funds and try again.",
    );
    await choosePay(page);
    await payWithCard(page, CARDS.approved);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");
  });

  test("4000 0000 0000 3220 asks for 3-D Secure: Approve pays", async ({ page, request }) => {
    const txn = await createTransaction(request);
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page);
    await payWithCard(page, CARDS.challenge);
    await expect(page).toHaveURL(/\/sandbox\/3ds\/CK[0-9A-F]+$/);
    await expect(page.getByRole("heading", { name: "3-D Secure verification" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("pending");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");
  });

  test("4000 0000 0000 3220 with Deny: attempted", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without scripts, the 3-D Secure form of the Approve test");
    const txn = await createTransaction(request);
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page);
    await payWithCard(page, CARDS.challenge);
    await page.getByRole("button", { name: "Deny" }).click();
    await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("attempted");
  });

  test("4000 0000 0000 0119 is a processing error: error", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without scripts, the declined card's form posts (the outcome is the server's)");
    const txn = await createTransaction(request);
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page);
    await payWithCard(page, CARDS.error);
    await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    expect(await transactionState(request, txn.session_id)).toBe("error");
  });

  test("4000 0000 0000 0259 gets no answer: pending, until the delayed callback pays it", async ({ page, request, javaScriptEnabled }) => {
    const txn = await createTransaction(request);
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page);
    await payWithCard(page, CARDS.noAnswer);
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Waiting for the bank" })).toBeVisible();
    await expect(page.getByText("We are waiting for the bank's answer.")).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("pending");
    // Without scripts the page reloads itself (a meta refresh inside <noscript>); with scripts it updates in
    // place: the mark left on the window survives.
    if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { __samePage: true }));
    else await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "5");

    // SANDBOX_LATE_CALLBACK_SECONDS=3 for the e2e server: the callback settles it, and the page's own refresh
    // then shows the result.
    await expectStateSoon(request, txn.session_id, "paid", 10_000);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 10_000 });
    if (javaScriptEnabled) expect(await page.evaluate(() => "__samePage" in window)).toBe(true);
  });

  test("the Cancel button on the card page: attempted", async ({ page, request }) => {
    const txn = await createTransaction(request);
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Payment canceled" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("attempted");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText("You canceled the payment. You can try again.");
  });

  test("a card typed after the transaction's expiration time is refused: the customer is told the link expired", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without scripts, the approved card's form posts (the refusal is the server's)");
    const txn = await createTransaction(request);
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page);
    // The customer takes their time: the deadline passes while the card page is open.
    await passDeadline(txn.session_id);
    await payWithCard(page, CARDS.approved);
    await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("expired");
  });

  test("a wrong card field brings the form back with the field marked, the name and expiry kept", async ({ page, request }) => {
    const txn = await createTransaction(request);
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page);
    await page.getByLabel("Card number").fill("4111 1111 1111 1112"); // fails the Luhn check
    await page.getByLabel("Expiry").fill("12/30");
    await page.getByLabel("CVV", { exact: true }).fill("12"); // too short
    await page.getByLabel("Name on card").fill("Sara Ahmad");
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    await expect(page.getByRole("alert").filter({ hasText: /./ })).toHaveText("Please correct the highlighted fields.");
    await expect(page).toHaveURL(CARD_PAGE_URL); // never card data (nor field names) in the address
    await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Card number")).toHaveAccessibleDescription("Enter a valid card number.");
    await expect(page.getByLabel("CVV", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Expiry")).not.toHaveAttribute("aria-invalid");
    // What the customer typed is kept, except the card number and CVV, which never come back from the server.
    await expect(page.getByLabel("Name on card")).toHaveValue("Sara Ahmad");
    await expect(page.getByLabel("Expiry")).toHaveValue("12/30");
    await expect(page.getByLabel("Card number")).toHaveValue("");
    await expect(page.getByLabel("CVV", { exact: true })).toHaveValue("");
    expect(await transactionState(request, txn.session_id)).toBe("pending");

    // A past expiry is refused the same way.
    await page.getByLabel("Card number").fill(CARDS.approved);
    await page.getByLabel("Expiry").fill("01/20");
    await page.getByLabel("CVV", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByLabel("Expiry")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Expiry")).toHaveAccessibleDescription(/Enter a future expiry date as MM\/YY\./);

    await payWithCard(page, CARDS.approved);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  });
});

test.describe("back to the merchant", () => {
  let merchant: Server;
  let merchantUrl: string;

  test.beforeAll(async () => {
    merchant = createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Merchant</title><h1>Thanks from the merchant</h1>");
    });
    await new Promise<void>((resolve) => merchant.listen(0, "127.0.0.1", resolve));
    merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/orders/done?shop=1`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => merchant.close(resolve));
  });

  test("with redirect_url the browser lands on the merchant's URL with order_no, reference_number, session_id and extra", async ({
    page,
    request,
  }) => {
    const order = `ORD-R-${Date.now()}`;
    const txn = await createTransaction(request, { redirect_url: merchantUrl, order_no: order, extra: { cart: "c-9", campaign: "spring" } });
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page);
    await payWithCard(page, CARDS.approved);

    await expect(page.getByRole("heading", { name: "Thanks from the merchant" })).toBeVisible();
    const landed = new URL(page.url());
    expect(landed.origin + landed.pathname).toBe(merchantUrl.split("?")[0]);
    expect(landed.searchParams.get("shop")).toBe("1");
    expect(landed.searchParams.get("order_no")).toBe(order);
    expect(landed.searchParams.get("reference_number")).toMatch(/^CK[0-9A-F]{16}$/);
    expect(landed.searchParams.get("session_id")).toBe(txn.session_id);
    expect(landed.searchParams.get("cart")).toBe("c-9");
    expect(landed.searchParams.get("campaign")).toBe("spring");
    expect(await transactionState(request, txn.session_id)).toBe("paid");
  });

  test("a declined payment stays on our result page (the customer may retry)", async ({ page, request }) => {
    const txn = await createTransaction(request, { redirect_url: merchantUrl });
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page);
    await payWithCard(page, CARDS.declined);
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
  });
});

test.describe("saved cards", () => {
  test("save a card, pay with it next time (CVV again), then remove it", async ({ page, request }) => {
    const customer = `cust-${Date.now()}`;

    // 1. The first payment saves the card.
    const first = await createTransaction(request, { customer_id: customer });
    await page.goto(pathOf(first.checkout_url));
    await choosePay(page);
    await expect(page.getByRole("group", { name: "Your saved cards" })).toHaveCount(0);
    await payWithCard(page, CARDS.approved, { save: true });
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(await transactionState(request, first.session_id)).toBe("paid");

    // 2. The next transaction of the same customer offers it; the CVV is asked again.
    const second = await createTransaction(request, { customer_id: customer });
    await page.goto(pathOf(second.checkout_url));
    await choosePay(page);
    const saved = page.getByRole("radio", { name: "Visa •••• 1111, expires 12/30" });
    await expect(saved).toBeChecked();
    await page.getByLabel("CVV of the chosen card").fill("321");
    await page.getByRole("button", { name: "Pay with saved card" }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(await transactionState(request, second.session_id)).toBe("paid");

    // 3. A third one: remove the card.
    const third = await createTransaction(request, { customer_id: customer });
    await page.goto(pathOf(third.checkout_url));
    await choosePay(page);
    await page.getByRole("button", { name: "Remove Visa •••• 1111" }).click();
    await expect(page.getByRole("status")).toHaveText("The card was removed.");
    await expect(page.getByRole("radio", { name: /Visa •••• 1111/ })).toHaveCount(0);
    await expect(page.getByLabel("Save this card")).toBeVisible();
    expect(await transactionState(request, third.session_id)).toBe("pending");
  });
});
