import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { readApiKey } from "./support/credentials";
import { withDatabase } from "./support/database";
import { CARD_PAGE_URL, CARDS, choosePay, createTransaction, pathOf, payButton, payWithCard, RESULT_URL, transactionState } from "./support/payments";

// An auto_debit transaction from the customer's side and then the merchant's: the payment page says what the
// customer agrees to (in English and Arabic), the sandbox saves the card without asking, the card endpoint lists
// it under the agreement, and a second transaction under the same agreement is charged with its token alone.
// With scripts and without (playwright.config.ts).

const SCREENSHOTS = "docs/screenshots";
const apiKey = () => ({ Authorization: `Api-Key ${readApiKey()}` });

/**
 * A recurring fixed monthly agreement from today (a merchant may charge only once it has started) to the end of
 * next year, for a customer of its own (both projects share one database).
 */
function newAgreement() {
  const suffix = randomBytes(4).toString("hex");
  const now = new Date();
  const year = now.getUTCFullYear() + 1;
  return {
    year,
    today: new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(now),
    customerId: `e2e-auto-${suffix}`,
    agreement: {
      id: `sub-${suffix}`,
      type: "recurring",
      amount_variability: "fixed",
      start_date: now.toISOString().slice(0, 10),
      expiry_date: `${year}-12-31`,
      cycle_interval_days: 30,
      total_cycles: 12,
      frequency: "monthly",
    },
  };
}

interface SavedCard {
  customer_id: string;
  number: string;
  token: string;
  pg_code: string;
  agreements: string[];
}

test.describe("auto-debit", () => {
  test("the customer agrees on the payment page, the card is saved under the agreement, the merchant charges it later", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const { year, today, customerId, agreement } = newAgreement();
    const txn = await createTransaction(request, { payment_type: "auto_debit", customer_id: customerId, agreement });
    await page.goto(pathOf(txn.checkout_url));

    // The consent: text of the payment form, above the Pay button.
    const consent = page.locator("form").getByTestId("consent");
    await expect(consent).toBeVisible();
    await expect(consent.getByText(/^By paying/)).toHaveText(
      `By paying, you agree that E2E Store may charge this card later without asking you again, under agreement ${agreement.id}:`,
    );
    await expect(consent.getByRole("listitem")).toHaveText([
      "the same amount, KWD 86.000, each time",
      "monthly (every 30 days), 12 times",
      `from ${today} until Dec 31, ${year}`,
    ]);
    await expect(consent).toContainText("Your card will be saved with the payment provider for these charges.");
    const consentBox = (await consent.boundingBox())!;
    const buttonBox = (await page.getByRole("button", { name: "Pay KWD 86.000" }).boundingBox())!;
    expect(consentBox.y + consentBox.height).toBeLessThanOrEqual(buttonBox.y);
    if (javaScriptEnabled) await page.screenshot({ path: `${SCREENSHOTS}/payment-page-auto-debit-en.png`, fullPage: true });

    // The sandbox's card page: no choice about saving, a notice instead.
    await choosePay(page);
    await expect(page.getByText("This card will be saved with the gateway for E2E Store.")).toBeVisible();
    await expect(page.getByLabel("Save this card")).toHaveCount(0);
    await payWithCard(page, CARDS.approved);
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");

    // The merchant finds the card by the agreement: a bare array, as Ottu answers.
    const listed = await request.post("/b/pbl/v2/card/", { headers: apiKey(), data: { customer_id: customerId, agreement_id: agreement.id } });
    expect(listed.status(), await listed.text()).toBe(200);
    const cards = (await listed.json()) as SavedCard[];
    expect(Array.isArray(cards)).toBe(true);
    expect(cards).toHaveLength(1);
    const [card] = cards;
    if (!card) throw new Error("no card saved under the agreement");
    expect(card).toMatchObject({ customer_id: customerId, number: "**** 1111", pg_code: "sandbox" });
    expect(card.agreements).toContain(agreement.id);

    // A later charge under the same agreement, with the token alone: no customer, no page. Not in the cycle the
    // customer just paid: the answer names the first day allowed.
    const next = await createTransaction(request, { payment_type: "auto_debit", customer_id: customerId, agreement });
    const charge = () => request.post("/b/pbl/v2/auto-debit/", { headers: apiKey(), data: { session_id: next.session_id, token: card.token } });
    const early = await charge();
    expect(early.status()).toBe(400);
    expect(await early.json()).toEqual({ agreement: [expect.stringMatching(/^Agreement sub-\w+ allows one charge every 30 days: .* the next is allowed from \d{4}-\d{2}-\d{2} \(UTC\)\.$/)] });
    // A cycle later (the customer's payment moved 30 days back in the database).
    await withDatabase((client) =>
      client.query("UPDATE card_agreements SET last_charge_at = last_charge_at - interval '30 days' WHERE customer_id = $1 AND agreement_id = $2", [customerId, agreement.id]),
    );
    const debit = await charge();
    expect(debit.status(), await debit.text()).toBe(200);
    expect(await debit.json()).toMatchObject({ session_id: next.session_id, state: "paid", result: "success" });
    expect(await transactionState(request, next.session_id)).toBe("paid");
  });

  test("in Arabic the consent is Arabic, with Arabic digits and dates", async ({ page, request, javaScriptEnabled }) => {
    const { customerId, agreement } = newAgreement();
    const txn = await createTransaction(request, { payment_type: "auto_debit", customer_id: customerId, agreement, language: "ar" });
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

    const consent = page.locator("form").getByTestId("consent");
    await expect(consent.getByText(/^بإتمامك الدفع/)).toHaveText(
      `بإتمامك الدفع، توافق على أن يخصم E2E Store من هذه البطاقة لاحقًا دون الرجوع إليك، وفق الاتفاقية ${agreement.id}:`,
    );
    const terms = consent.getByRole("listitem");
    await expect(terms).toHaveCount(3);
    await expect(terms.nth(0)).toHaveText(/^المبلغ نفسه، .*٨٦٫٠٠٠.*، في كل مرة$/);
    await expect(terms.nth(1)).toHaveText("شهريًا (كل ٣٠ يومًا)، ١٢ مرة");
    await expect(terms.nth(2)).toHaveText(/^من [٠-٩]{1,2} \S+ [٠-٩]{4} حتى ٣١ ديسمبر [٠-٩]{4}$/);
    await expect(consent).toContainText("ستُحفظ بطاقتك لدى مزوّد خدمة الدفع لهذه الدفعات.");
    await expect(page.getByRole("button", { name: /^ادفع .*٨٦٫٠٠٠/ })).toBeVisible();
    if (javaScriptEnabled) await page.screenshot({ path: `${SCREENSHOTS}/payment-page-auto-debit-ar.png`, fullPage: true });
  });

  test("save_card: a notice on the payment page, and none of a checkbox on the card page", async ({ page, request }) => {
    const customerId = `e2e-save-${randomBytes(4).toString("hex")}`;
    const txn = await createTransaction(request, { payment_type: "save_card", customer_id: customerId });
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.locator("form").getByTestId("consent")).toHaveText("Your card will be saved for faster payments with E2E Store.");
    await choosePay(page);
    await expect(page.getByText("This card will be saved with the gateway for E2E Store.")).toBeVisible();
    await expect(page.getByLabel("Save this card")).toHaveCount(0);
    await payWithCard(page, CARDS.approved);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();

    const listed = await request.post("/b/pbl/v2/card/", { headers: apiKey(), data: { customer_id: customerId } });
    expect(listed.status(), await listed.text()).toBe(200);
    expect(((await listed.json()) as SavedCard[]).map((c) => c.number)).toEqual(["**** 1111"]);
  });

  test("save_card with a zero amount: the button says Save card and nothing is charged", async ({ page, request }) => {
    const customerId = `e2e-zero-${randomBytes(4).toString("hex")}`;
    const txn = await createTransaction(request, { payment_type: "save_card", customer_id: customerId, amount: "0" });
    await page.goto(pathOf(txn.checkout_url));
    const consent = page.locator("form").getByTestId("consent");
    await expect(consent).toContainText("Your card will be saved for faster payments with E2E Store.");
    await expect(consent).toContainText("Nothing is charged now: your bank only checks the card.");
    await expect(payButton(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Save card", exact: true }).click();
    await expect(page).toHaveURL(CARD_PAGE_URL);
    await expect(page.getByText("This card will be saved with the gateway for E2E Store.")).toBeVisible();
    await payWithCard(page, CARDS.approved);
    await expect(page).toHaveURL(RESULT_URL);

    const listed = await request.post("/b/pbl/v2/card/", { headers: apiKey(), data: { customer_id: customerId } });
    expect(((await listed.json()) as SavedCard[]).map((c) => c.number)).toEqual(["**** 1111"]);
  });

  test("save_card with a zero amount in Arabic: احفظ البطاقة", async ({ page, request }) => {
    const txn = await createTransaction(request, { payment_type: "save_card", customer_id: `e2e-zero-${randomBytes(4).toString("hex")}`, amount: "0", language: "ar" });
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.locator("form").getByTestId("consent")).toContainText("لن يُخصم أي مبلغ الآن، سيتحقق البنك من البطاقة فقط.");
    await expect(page.getByRole("button", { name: "احفظ البطاقة", exact: true })).toBeVisible();
  });
});
