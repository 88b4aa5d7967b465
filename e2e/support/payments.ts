import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { readApiKey } from "./credentials";

// Helpers of the payment specs: create transactions over the API, read their state, pay on the sandbox's page.
// seed-e2e.ts configures KWD (3 places) and USD, and the sandbox gateway settings `sandbox` (purchase),
// `sandbox-auth` (authorize) and `sandbox-fee` (purchase with a fee).

export const CARDS = {
  approved: "4111 1111 1111 1111",
  declined: "4000 0000 0000 0002",
  challenge: "4000 0000 0000 3220",
  error: "4000 0000 0000 0119",
  noAnswer: "4000 0000 0000 0259",
} as const;

export interface CreatedTransaction {
  session_id: string;
  state: string;
  checkout_url: string;
  payment_methods: { code: string; payment_url: string; amount: string }[];
}

let orders = 0;
/**
 * A fresh order number per transaction (order_no is unique among live transactions). The worker's pid keeps two
 * workers' first orders in the same millisecond apart.
 */
export const orderNo = () => `E2E-${Date.now().toString(36)}-${process.pid.toString(36)}-${++orders}`;

export async function createTransaction(request: APIRequestContext, fields: Record<string, unknown> = {}): Promise<CreatedTransaction> {
  const res = await request.post("/b/checkout/v1/pymt-txn/", {
    headers: { Authorization: `Api-Key ${readApiKey()}` },
    data: { pg_codes: ["sandbox"], amount: "86", currency_code: "KWD", order_no: orderNo(), ...fields },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CreatedTransaction;
}

export async function transactionState(request: APIRequestContext, sessionId: string): Promise<string> {
  const res = await request.get(`/b/checkout/v1/pymt-txn/${sessionId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { state: string }).state;
}

/** checkout_url as a path on the test server (the API answers with APP_URL, which is the same origin). */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The payment page's Pay button ("Pay", or "Pay KWD 86.000" once the method and so the amount is known). */
export const payButton = (page: Page) => page.getByRole("button", { name: /^(Pay|ادفع)( |$)/ });

/** On the payment page: choose a method (when given) and press Pay; the sandbox's card page opens. */
export async function choosePay(page: Page, methodName?: string | RegExp) {
  if (methodName) await page.getByRole("radio", { name: methodName }).check();
  await payButton(page).click();
  await expect(page).toHaveURL(CARD_PAGE_URL);
}

export const CARD_PAGE_URL = /\/sandbox\/pay\/CK[0-9A-F]+$/;

/** On the sandbox's card page: type a card and press Pay. */
export async function payWithCard(page: Page, number: string, { save = false } = {}) {
  await expect(page.getByText("Sandbox gateway — test payments only")).toBeVisible();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry").fill("12/30");
  await page.getByLabel("CVV", { exact: true }).fill("123");
  await page.getByLabel("Name on card").fill("Sara Ahmad");
  if (save) await page.getByLabel("Save this card").check();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
}

export const RESULT_URL = /\/b\/checkout\/redirect\/result\/\?session_id=[0-9a-f]{40}&reference=CK[0-9A-F]{16}$/;

/** Polls the transaction's state until it is `expected` or the time is up. */
export async function expectStateSoon(request: APIRequestContext, sessionId: string, expected: string, timeout = 10_000) {
  await expect.poll(() => transactionState(request, sessionId), { timeout, intervals: [250, 500, 1000] }).toBe(expected);
}
