import { expect, type Page, test } from "@playwright/test";
import { openSignedIn } from "./support/admin";
import { readApiKey } from "./support/credentials";
import { createTransaction, pathOf, payButton, RESULT_URL, transactionState } from "./support/payments";

// The sandbox's flows again on the KNET gateway, against the KNET stand-in (e2e/support/knet-stand-in-server.ts):
// create by API → open checkout_url → Pay → KNET's page → the stand-in posts the encrypted result to our callback,
// which answers REDIRECT= → the result page, and the state by GET. Every test runs with scripts and without.

const KNET_PAGE_URL = /\/kpg\/PaymentHTTP\.htm\?param=paymentInit&trandata=[0-9a-f]+&tranportalId=/;

/** On the payment page: Pay (KNET is the only method), then one of the stand-in's test-card buttons. */
async function payOnKnet(page: Page, checkoutUrl: string, button: RegExp) {
  await page.goto(pathOf(checkoutUrl));
  await payButton(page).click();
  await expect(page).toHaveURL(KNET_PAGE_URL);
  await expect(page.getByRole("heading", { name: "KNET payment (stand-in)" })).toBeVisible();
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(RESULT_URL);
}

test.describe("paying with KNET (stand-in)", () => {
  test("an approved card: paid", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["knet"], amount: "12.5" });
    await payOnKnet(page, txn.checkout_url, /^Pay with test card/);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    await expect(page.getByText("KWD 12.500")).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");
  });

  test("a declined card: attempted, and the customer may try again", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["knet"] });
    await payOnKnet(page, txn.checkout_url, /^Pay with declined test card/);
    await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("attempted");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(payButton(page)).toBeVisible();
  });

  test("canceled on KNET's page: attempted", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["knet"] });
    await payOnKnet(page, txn.checkout_url, /^Cancel$/);
    await expect(page.getByRole("heading", { name: "Payment canceled" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("attempted");
  });

  test("a refund is refused by the operations API (409) and the panel says where to do it", async ({ page, request, javaScriptEnabled }) => {
    const txn = await createTransaction(request, { pg_codes: ["knet"] });
    await payOnKnet(page, txn.checkout_url, /^Pay with test card/);
    const sentence = "The knet gateway (setting knet) takes no refund through its API: do it in the gateway's own merchant portal.";
    const res = await request.post("/b/pbl/v2/operation/", {
      headers: { Authorization: `Api-Key ${readApiKey()}` },
      data: { operation: "refund", session_id: txn.session_id },
    });
    expect(res.status()).toBe(409);
    expect((await res.json()).detail).toBe(sentence);
    expect(await transactionState(request, txn.session_id)).toBe("paid");

    test.skip(!javaScriptEnabled, "the panel's sign-in needs scripts");
    await openSignedIn(page, `/admin/transactions/${txn.session_id}`);
    await expect(page.getByText(sentence)).toBeVisible();
    await expect(page.getByRole("button", { name: "Refund…" })).toHaveCount(0);
  });
});
