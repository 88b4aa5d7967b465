import { expect, test, type Page } from "@playwright/test";
import { CARDS, choosePay, createTransaction, pathOf, payWithCard, RESULT_URL } from "./support/payments";

// Every customer page carries a Content-Security-Policy with a fresh nonce, and every script on it carries
// that nonce (Next.js reads it from the policy that proxy.ts puts on the request).

const POLICY = /^default-src 'self'; script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'$/;

/** Loads `path` and checks its headers and scripts; returns the response's nonce. */
async function checkPage(page: Page, path: string, referrerPolicy = "no-referrer"): Promise<string> {
  const response = await page.goto(path);
  const headers = response!.headers();
  const nonce = POLICY.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce, `${path}: ${headers["content-security-policy"]}`).toBeTruthy();
  expect(headers["referrer-policy"]).toBe(referrerPolicy);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["cache-control"]).toBe("no-store");

  // In the HTML as sent: every <script> element has the nonce attribute.
  const html = await response!.text();
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`);
  // In the page: every script element, including those added while it ran, has it too.
  const nonces = await page.locator("script").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(nonces.length).toBeGreaterThan(0);
  for (const value of nonces) expect(value).toBe(nonce);
  return nonce!;
}

test("the payment, card, 3-D Secure, result and not-found pages: nonce CSP and security headers", async ({ page, request, javaScriptEnabled }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const txn = await createTransaction(request);
  const first = await checkPage(page, pathOf(txn.checkout_url));
  const again = await checkPage(page, pathOf(txn.checkout_url));
  expect(again).not.toBe(first); // a new nonce per response

  await choosePay(page);
  // The sandbox gateway's pages: a referrer to this site only (their server-action form needs its Origin).
  await checkPage(page, new URL(page.url()).pathname, "same-origin");
  await payWithCard(page, CARDS.challenge);
  await expect(page).toHaveURL(/\/sandbox\/3ds\/CK[0-9A-F]+$/);
  await checkPage(page, new URL(page.url()).pathname, "same-origin");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(RESULT_URL);
  const result = new URL(page.url());
  await checkPage(page, `${result.pathname}${result.search}`);
  await checkPage(page, `/b/checkout/redirect/start/?session_id=${"0".repeat(40)}`);
  // With scripts on, nothing the pages ran was refused by the policy.
  if (javaScriptEnabled) expect(violations).toEqual([]);
});
