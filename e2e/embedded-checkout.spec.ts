import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { readApiKey } from "./support/credentials";
import { passDeadline, withDatabase } from "./support/database";
import { CARDS, createTransaction, expectStateSoon, RESULT_URL, transactionState } from "./support/payments";

// The embedded checkout (docs/embedded-checkout.md, "The script and the frame"): a merchant's page on another origin
// (node:http on 127.0.0.1, ports of its own) loads checkout.js from the service and pays inside its frame. The shop
// origin is on a public key made here; the "foreign" one, the same page on another port, is not.

interface Recorded {
  events: { type: string; session_id: string; state?: string; reference_number?: string; message?: string }[];
  calls: [string, { type?: string; message?: string }?][];
}

const shopPage = (service: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><h1>The shop</h1><div id="checkout"></div>
<script src="${service}/b/checkout/sdk/v1/checkout.js"></script>
<script>
  window.events = []; window.calls = [];
  var query = new URLSearchParams(location.search);
  Checkout.init({
    selector: "checkout", session_id: query.get("session_id"), apiKey: query.get("pk"), lang: "en",
    onEvent: function (event) { events.push(event); },
    successCallback: function (data) { calls.push(["success", data]); },
    errorCallback: function (data) { calls.push(["error", data]); },
    cancelCallback: function (data) { calls.push(["cancel", data]); },
    beforePayment: function () {
      calls.push(["beforePayment"]);
      return query.get("before") === "reject" ? Promise.reject(new Error("out of stock")) : Promise.resolve();
    },
  });
</script></body></html>`;

let publicKey: string;
let shop: string;
let foreign: string;
const servers: http.Server[] = [];

/** The shop's page on a port of its own (each worker has its servers and its key: the chromium project runs in parallel). */
async function listen(html: string): Promise<string> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test.beforeAll(async () => {
  const service = new URL(test.info().project.use.baseURL!);
  shop = await listen(shopPage(service.origin));
  foreign = await listen(shopPage(service.origin));
  publicKey = `pk_${randomBytes(32).toString("base64url")}`;
  await withDatabase((client) =>
    client.query("INSERT INTO api_keys (name, prefix, key_hash, kind, allowed_origins) VALUES ($1, $2, $3, 'public', $4)", [
      `e2e embedded ${Date.now()}`,
      publicKey.slice(0, 10),
      createHash("sha256").update(publicKey).digest(),
      [shop],
    ]),
  );
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const recorded = (page: Page) =>
  page.evaluate(() => {
    const { events, calls } = window as unknown as Recorded;
    return { events, calls };
  });
const eventTypes = async (page: Page) => (await recorded(page)).events.map((e) => e.type);
const callTypes = async (page: Page) => (await recorded(page)).calls.map(([name]) => name);

async function openShop(page: Page, sessionId: string, { origin = shop, before = "resolve" } = {}) {
  await page.goto(`${origin}/?session_id=${sessionId}&pk=${publicKey}&before=${before}`);
  return page.frameLocator("#checkout iframe");
}

/** In the frame: the sandbox's card page, a card typed and paid. */
async function payWithCardInFrame(frame: FrameLocator, number: string) {
  await frame.getByRole("button", { name: /^Pay 86\.000 KWD$/ }).click();
  await expect(frame.getByText("Sandbox gateway — test payments only")).toBeVisible();
  await frame.getByLabel("Card number").fill(number);
  await frame.getByLabel("Expiry").fill("12/30");
  await frame.getByLabel("CVV", { exact: true }).fill("123");
  await frame.getByLabel("Name on card").fill("Sara Ahmad");
  await frame.getByRole("button", { name: "Pay", exact: true }).click();
}

test.describe("embedded checkout", () => {
  test("renders in a page of another origin and pays inside the frame: each event once, foreign messages ignored", async ({ page, request }) => {
    const txn = await createTransaction(request);
    const frame = await openShop(page, txn.session_id);
    await expect.poll(() => eventTypes(page)).toEqual(["ready"]);
    await expect(frame.getByText("86.000 KWD").first()).toBeVisible();
    // The frame is sized to its content.
    await expect.poll(async () => (await page.locator("#checkout iframe").boundingBox())?.height).not.toBe(320);
    // A message from another window (here the shop's own) claiming success is ignored.
    await page.evaluate((sessionId) => window.postMessage({ source: "checkout-frame", type: "success", session_id: sessionId }, "*"), txn.session_id);

    await payWithCardInFrame(frame, CARDS.approved);
    await expect(frame.getByRole("heading", { name: /paid|successful/i })).toBeVisible();
    await expect.poll(() => eventTypes(page)).toEqual(["ready", "payment_started", "success"]);
    expect(await callTypes(page)).toEqual(["beforePayment", "success"]);
    const success = (await recorded(page)).calls[1]![1]!;
    expect(success).toMatchObject({ type: "success", session_id: txn.session_id, state: "paid" });
    expect((success as { reference_number?: string }).reference_number).toMatch(/^CK[0-9A-F]{16}$/);
    await expectStateSoon(request, txn.session_id, "paid");
  });

  test("a declined card reports a failure and the frame offers the payment again: the retry pays", async ({ page, request }) => {
    const txn = await createTransaction(request);
    const frame = await openShop(page, txn.session_id);
    await payWithCardInFrame(frame, CARDS.declined);
    await expect.poll(() => eventTypes(page)).toEqual(["ready", "payment_started", "failure", "ready"]);
    expect(await callTypes(page)).toEqual(["beforePayment", "error"]);
    await expect(frame.getByRole("alert")).toContainText("did not go through");

    await payWithCardInFrame(frame, CARDS.approved);
    await expect.poll(() => eventTypes(page)).toEqual(["ready", "payment_started", "failure", "ready", "payment_started", "success"]);
    expect(await callTypes(page)).toEqual(["beforePayment", "error", "beforePayment", "success"]);
    await expectStateSoon(request, txn.session_id, "paid");
  });

  test("3-D Secure is approved inside the frame", async ({ page, request }) => {
    const txn = await createTransaction(request);
    const frame = await openShop(page, txn.session_id);
    await payWithCardInFrame(frame, CARDS.challenge);
    await expect(frame.getByRole("heading", { name: "3-D Secure verification" })).toBeVisible();
    await frame.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => eventTypes(page)).toEqual(["ready", "payment_started", "success"]);
    expect(await callTypes(page)).toEqual(["beforePayment", "success"]);
    await expectStateSoon(request, txn.session_id, "paid");
  });

  test("Cancel on the card page reports cancel, and the form is back", async ({ page, request }) => {
    const txn = await createTransaction(request);
    const frame = await openShop(page, txn.session_id);
    await frame.getByRole("button", { name: /^Pay 86\.000 KWD$/ }).click();
    await expect(frame.getByText("Sandbox gateway — test payments only")).toBeVisible();
    await frame.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => eventTypes(page)).toEqual(["ready", "payment_started", "cancel", "ready"]);
    expect(await callTypes(page)).toEqual(["beforePayment", "cancel"]);
    await expect(frame.getByRole("button", { name: /^Pay 86\.000 KWD$/ })).toBeVisible();
  });

  test("a gateway whose page cannot be framed (KNET) takes the whole window there and back", async ({ page, request }) => {
    const txn = await createTransaction(request, { pg_codes: ["sandbox", "knet"], amount: "12.5" });
    const frame = await openShop(page, txn.session_id);
    await frame.getByRole("radio", { name: /KNET/ }).check();
    await expect.poll(() => eventTypes(page)).toEqual(["ready", "method_selected"]);
    expect((await recorded(page)).events[1]).toMatchObject({ pg_code: "knet" });
    await frame.getByRole("button", { name: /^Pay 12\.500 KWD$/ }).click();
    await expect(page).toHaveURL(/\/kpg\/PaymentHTTP\.htm\?param=paymentInit&trandata=[0-9a-f]+&tranportalId=/);
    await page.getByRole("button", { name: /^Pay with test card/ }).click();
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");
  });

  test("Checkout.reload() shows the amount the merchant's server changed", async ({ page, request }) => {
    const txn = await createTransaction(request);
    const frame = await openShop(page, txn.session_id);
    await expect(frame.getByRole("button", { name: /^Pay 86\.000 KWD$/ })).toBeVisible();
    const patched = await request.patch(`/b/checkout/v1/pymt-txn/${txn.session_id}`, {
      headers: { Authorization: `Api-Key ${readApiKey()}` },
      data: { amount: "90" },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    await page.evaluate(() => (window as unknown as { Checkout: { reload(): void } }).Checkout.reload());
    await expect(frame.getByRole("button", { name: /^Pay 90\.000 KWD$/ })).toBeVisible();
    await expect.poll(() => eventTypes(page)).toEqual(["ready", "ready"]);
  });

  test("beforePayment rejecting stops the payment", async ({ page, request }) => {
    const txn = await createTransaction(request);
    const frame = await openShop(page, txn.session_id, { before: "reject" });
    await expect.poll(() => eventTypes(page)).toEqual(["ready"]);
    const pay = frame.getByRole("button", { name: /^Pay 86\.000 KWD$/ });
    await pay.click();
    await expect.poll(() => callTypes(page)).toEqual(["beforePayment"]);
    await expect(pay).toBeEnabled();
    expect(await eventTypes(page)).toEqual(["ready"]);
    expect(await transactionState(request, txn.session_id)).toBe("created");
  });

  test("a page of an origin the public key does not list is refused: errorCallback says why", async ({ page, request }) => {
    const txn = await createTransaction(request);
    const frame = await openShop(page, txn.session_id, { origin: foreign });
    await expect.poll(() => callTypes(page)).toEqual(["error"]);
    const [, error] = (await recorded(page)).calls[0]!;
    expect(error!.message).toContain("not among the public key's allowed origins");
    await expect(frame.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
    expect(await eventTypes(page)).toEqual(["error"]);
  });

  test("an expired transaction is a clear error event, nothing else", async ({ page, request }) => {
    const txn = await createTransaction(request);
    await passDeadline(txn.session_id);
    await openShop(page, txn.session_id);
    await expect.poll(() => callTypes(page)).toEqual(["error"]);
    expect((await recorded(page)).events).toEqual([{ type: "error", session_id: txn.session_id, message: "This payment link has expired." }]);
  });
});
