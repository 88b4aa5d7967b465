import { expect, test, type Page } from "@playwright/test";
import { CARD_PAGE_URL, CARDS, createTransaction, pathOf, payButton, payWithCard, transactionState } from "./support/payments";

// One payment at a time: starting an attempt releases the transaction's earlier unfinished one, so two tabs of
// one checkout_url never end in two charges.

/** Opens checkout_url in a new tab and presses Pay: the sandbox's card page of a new attempt. */
async function startInNewTab(page: Page, checkoutUrl: string) {
  await page.goto(pathOf(checkoutUrl));
  await payButton(page).click();
  await expect(page).toHaveURL(CARD_PAGE_URL);
  return page.url();
}

test("a tab whose attempt another tab replaced cannot pay with it, and is told so", async ({ context, request }) => {
  const txn = await createTransaction(request);
  const [first, second] = [await context.newPage(), await context.newPage()];
  const firstCardPage = await startInNewTab(first, txn.checkout_url);
  await startInNewTab(second, txn.checkout_url);

  await payWithCard(first, CARDS.approved);
  await expect(first.getByRole("heading", { name: "This payment attempt was replaced" })).toBeVisible();
  await expect(first.getByText(/Nothing was charged for this attempt\./)).toBeVisible();
  expect(await transactionState(request, txn.session_id)).toBe("pending");
  // Its card page refuses it from now on.
  await first.goto(firstCardPage);
  await expect(first.getByRole("heading", { name: "This payment was canceled" })).toBeVisible();
  await expect(first.getByLabel("Card number")).toHaveCount(0);

  await payWithCard(second, CARDS.approved);
  await expect(second.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  expect(await transactionState(request, txn.session_id)).toBe("paid");
});

test("two tabs press Pay at the same moment: one charge", async ({ context, request }) => {
  const txn = await createTransaction(request);
  const [first, second] = [await context.newPage(), await context.newPage()];
  const cardPages = [await startInNewTab(first, txn.checkout_url), await startInNewTab(second, txn.checkout_url)];
  await Promise.all([payWithCard(first, CARDS.approved), payWithCard(second, CARDS.approved)]);

  await expect(second.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  // The first tab hears that its attempt was replaced, or (when the second was quicker) that the order is paid.
  await expect(first.getByRole("heading", { name: /^(This payment attempt was replaced|Payment successful)$/ })).toBeVisible();
  expect(await transactionState(request, txn.session_id)).toBe("paid");
  // The sandbox charged only the second attempt: the first one's page says it was canceled.
  await first.goto(cardPages[0]!);
  await expect(first.getByRole("heading", { name: "This payment was canceled" })).toBeVisible();
  await first.goto(cardPages[1]!);
  await expect(first.getByRole("heading", { name: "This payment is already processed" })).toBeVisible();
});

test("a tab whose transaction was paid elsewhere shows that instead of a card form", async ({ context, request }) => {
  const txn = await createTransaction(request);
  const [first, second] = [await context.newPage(), await context.newPage()];
  await first.goto(pathOf(txn.checkout_url)); // opened, not yet used
  await startInNewTab(second, txn.checkout_url);
  await payWithCard(second, CARDS.approved);
  await expect(second.getByRole("heading", { name: "Payment successful" })).toBeVisible();

  await payButton(first).click();
  await expect(first.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(first.getByLabel("Card number")).toHaveCount(0);
  expect(await transactionState(request, txn.session_id)).toBe("paid");
});
