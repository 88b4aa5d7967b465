import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { postLegacyTransaction } from "./support/legacy-transactions";
import { CARDS, choosePay, orderNo, pathOf, RESULT_URL, transactionState, payWithCard } from "./support/payments";

// A legacy transaction (POST /pos/crt/) paid on the hosted sandbox page: its result is POSTed to disclosure_url,
// and the browser goes on to redirect_url only when that POST's first answer was HTTP 200; otherwise it stays on
// our response page with the transaction's details. Runs with and without scripts (playwright.config.ts).

/** The merchant's site: POST /disclosure records the legacy result and answers `status`; GET /back is its return page. */
let merchant: Server;
let base: string;
let status = 200;
const results: Record<string, unknown>[] = [];

test.beforeAll(async () => {
  merchant = createServer((req, res) => {
    if (req.method === "POST") {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        results.push(JSON.parse(body) as Record<string, unknown>);
        res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "stored" : "failure");
      });
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end("<!doctype html><title>Shop</title><h1>Back at the shop</h1>");
  });
  await new Promise<void>((resolve) => merchant.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => merchant.close(resolve));
});

/** An e-commerce transaction created the way old shop plugins do, over the legacy endpoint. */
const createLegacy = (request: APIRequestContext, order: string) =>
  postLegacyTransaction(request, {
    amount: "12.5",
    order_no: order,
    customer_first_name: "Sara",
    customer_email: "sara@example.com",
    vendor_name: "Main store",
    redirect_url: `${base}/back?shop=1`,
    disclosure_url: `${base}/disclosure`,
    extra: { cart: "c-9", campaign: "spring" },
  });

const resultFor = (order: string) => results.find((r) => r.order_no === order);

test("disclosure_url answers 200: the browser lands on redirect_url with order_no, reference_number and extra", async ({ page, request }) => {
  status = 200;
  const order = orderNo();
  const txn = await createLegacy(request, order);
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.approved);

  await expect(page.getByRole("heading", { name: "Back at the shop" })).toBeVisible();
  const landed = new URL(page.url());
  expect(landed.origin + landed.pathname).toBe(`${base}/back`);
  expect(Object.fromEntries(landed.searchParams)).toEqual({
    shop: "1",
    cart: "c-9",
    campaign: "spring",
    order_no: order,
    reference_number: expect.stringMatching(/^CK[0-9A-F]{16}$/),
  });

  const result = resultFor(order);
  expect(result).toMatchObject({
    result: "success",
    amount: "12.500",
    currency_code: "KWD",
    reference_number: landed.searchParams.get("reference_number"),
    session_id: txn.session_id,
    customer_first_name: "Sara",
    vendor_name: "Main store",
    Gateway_name: "sandbox",
    gateway_account: "sandbox",
    gateway_response: expect.objectContaining({ result: "CAPTURED", udf6: "Main store" }),
  });
  expect(await transactionState(request, txn.session_id)).toBe("paid");
});

test("disclosure_url answers 500: the customer stays on our response page with the transaction's details", async ({ page, request }) => {
  status = 500;
  const order = orderNo();
  const txn = await createLegacy(request, order);
  await page.goto(pathOf(txn.checkout_url));
  await choosePay(page);
  await payWithCard(page, CARDS.declined);

  await expect(page).toHaveURL(RESULT_URL);
  await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
  await expect(page.getByText("Your payment was declined. No payment was taken.")).toBeVisible();
  await expect(page.getByText("Insufficient funds", { exact: true })).toBeVisible(); // the gateway's message
  await expect(page.getByText("KWD 12.500")).toBeVisible();
  await expect(page.getByText(/^CK[0-9A-F]{16}$/)).toBeVisible();
  await expect(page.getByText(order)).toBeVisible();
  await expect(page.getByText("Sandbox card", { exact: true })).toBeVisible();
  await expect(page.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
  // The legacy transaction ended at this result: no way to pay again.
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  expect(resultFor(order)).toMatchObject({ result: "failed", message: "Insufficient funds", order_no: order });
  expect(await transactionState(request, txn.session_id)).toBe("failed");

  // Opening the payment link again shows the same response page.
  await page.goto(pathOf(txn.checkout_url));
  await expect(page.getByRole("heading", { name: "Payment declined" })).toBeVisible();
});
