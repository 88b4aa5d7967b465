import { expect, test } from "@playwright/test";
import { openSignedIn } from "./support/admin";
import { CARDS, choosePay, createTransaction, pathOf, payWithCard, RESULT_URL, transactionState } from "./support/payments";

// Failover (docs/gateways/failover.md) in a browser, with scripts and without: the customer picks a gateway that is
// down as the payment starts (MPGS refusing the setting's password), lands on the transaction's next gateway's page
// (the sandbox's) with no error page, and pays; the panel's timeline says what happened.

test.describe("a gateway down as the payment starts", () => {
  test("the customer lands on the next gateway's card page and pays; the panel shows the routing", async ({ page, request, javaScriptEnabled }) => {
    const txn = await createTransaction(request, { pg_codes: ["mpgs-down", "sandbox"], currency_code: "KWD", amount: "7" });
    await page.goto(pathOf(txn.checkout_url));
    await choosePay(page, "MPGS card (down)");
    await payWithCard(page, CARDS.approved);
    await expect(page).toHaveURL(RESULT_URL);
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(await transactionState(request, txn.session_id)).toBe("paid");

    // The panel needs scripts for nothing here, but its sign-in is checked with them (admin-auth.spec.ts).
    if (!javaScriptEnabled) return;
    await openSignedIn(page, `/admin/transactions/${txn.session_id}`);
    await expect(page.getByText("mpgs-down unavailable (credentials refused) → started on sandbox")).toBeVisible();
  });
});
