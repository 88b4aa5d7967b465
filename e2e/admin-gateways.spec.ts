import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, openSignedIn } from "./support/admin";

// The panel's gateway screens in a browser: a superuser creates a gateway setting with the keyboard alone (a
// refused first try shows its error in place and keeps what was typed), edits it (an uploaded icon is served
// back with its type; the credential shows only its last four), and disables it after confirming; axe finds
// nothing serious on the list, new and edit pages.

const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(200, 1)]);

/** The label (or name) of the focused element. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return (el?.labels?.[0]?.textContent ?? el?.getAttribute("aria-label") ?? el?.textContent ?? "").trim();
  });

/** Presses Tab (or Shift+Tab) until the element named `name` has the focus, as a keyboard user would. */
async function tabTo(page: Page, name: string, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press(key);
    if ((await focusedName(page)) === name) return;
  }
  throw new Error(`${key} never reached "${name}"`);
}

test("a superuser creates a gateway setting with the keyboard alone, edits it and disables it", async ({ page }) => {
  test.setTimeout(60_000); // three pages analysed by axe, and every field reached with Tab
  await openSignedIn(page, "/admin/gateways");
  await expect(page.getByRole("heading", { name: "Gateway settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /sandbox-auth/ })).toContainText("Authorize");
  await expectNoSeriousViolations(page);

  // Keyboard alone from here to the saved gateway setting.
  await tabTo(page, "New gateway setting");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "New gateway setting", level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);

  await tabTo(page, "Code");
  await page.keyboard.type("kb-card");
  await tabTo(page, "Name");
  await page.keyboard.type("Keyboard card");
  await tabTo(page, "Sandbox (test payments)");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("Production")).toBeChecked();
  await tabTo(page, "Purchase (charge at once)");
  await page.keyboard.press("ArrowDown");
  await tabTo(page, "Create gateway setting");
  await page.keyboard.press("Enter");

  // No currency chosen: the error shows under the field, and what was typed is kept.
  await expect(page.locator("#gateway-currencies-error")).toHaveText("List at least one currency.");
  await expect(page.getByRole("alert").filter({ hasText: "The gateway setting was not saved" })).toContainText("List at least one currency.");
  await expect(page.getByLabel("Code")).toHaveValue("kb-card");
  await expect(page.getByLabel("Production")).toBeChecked();
  await expect(page.getByLabel("Authorize (capture later)")).toBeChecked();

  await tabTo(page, "KWD", "Shift+Tab");
  await page.keyboard.press("Space");
  await tabTo(page, "USD");
  await page.keyboard.press("Space");
  await tabTo(page, "Fixed fee");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("0.100");
  await tabTo(page, "Percentage fee");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("1.25");
  await tabTo(page, "Merchant id");
  await page.keyboard.type("merchant-kb-5678");
  await tabTo(page, "Create gateway setting");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/admin\/gateways\?saved=kb-card$/);
  await expect(page.getByRole("status")).toHaveText("Gateway setting kb-card saved.");
  const row = page.getByRole("row", { name: /kb-card/ });
  await expect(row).toContainText("Keyboard card");
  await expect(row).toContainText("Production");
  await expect(row).toContainText("KWD, USD");
  await expect(row).toContainText("Authorize");
  await expect(row).toContainText("0.1 + 1.25 %");
  await expect(row).toContainText("Enabled");

  // Edit: the credential is never shown again, only its last four; an uploaded icon is served back.
  await row.getByRole("link", { name: "kb-card" }).click();
  await expect(page.getByRole("heading", { name: "Gateway setting kb-card", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Merchant id")).toHaveValue("");
  await expect(page.getByText("Saved, ends in 5678. Leave empty to keep it.")).toBeVisible();
  expect(await page.content()).not.toContain("merchant-kb-5678");
  await expectNoSeriousViolations(page);

  await page.getByLabel("Upload an icon").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(300 * 1024, 1) });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("The icon must be at most 256 KB.", { exact: true })).toBeVisible(); // under its field; the summary links to it

  await page.getByLabel("Name").fill("Keyboard card (edited)");
  await page.getByLabel("Upload an icon").setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Gateway setting kb-card saved.");
  await expect(row).toContainText("Keyboard card (edited)");
  const src = await row.locator("img").getAttribute("src");
  expect(src).toMatch(/\/icons\/gateways\/kb-card$/);
  const icon = await page.request.get(src!);
  expect(icon.headers()).toMatchObject({ "content-type": "image/png", "x-content-type-options": "nosniff" });
  expect(Buffer.from(await icon.body())).toEqual(PNG);

  // Disable, after confirming.
  await row.getByRole("button", { name: "Disable kb-card" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Disable kb-card?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Disable kb-card" }).click();
  await expect(row).toContainText("Disabled");
  await expect(row.getByRole("button", { name: "Enable kb-card" })).toBeVisible();
});
