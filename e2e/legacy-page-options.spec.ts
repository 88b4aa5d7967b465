import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, openSignedIn } from "./support/admin";
import { createLegacyTransaction, storedTransaction } from "./support/legacy-transactions";
import { CARD_PAGE_URL, createTransaction, pathOf, payButton } from "./support/payments";

// The hosted page options of legacy e-commerce transactions: capture_address (address fields, required before
// paying) and capture_delivery (a Leaflet map with OpenStreetMap tiles that fills latitude/longitude fields, which
// work alone without scripts or tiles). With scripts and without (playwright.config.ts). SCREENSHOTS=1 writes
// docs/screenshots/payment-page-capture-*.png.

const TILES = "https://tile.openstreetmap.org/**";
/** A 1×1 grey PNG standing in for every map tile: the specs run offline. */
const BLANK_TILE = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGO4CwAA3wDeKXlwtgAAAABJRU5ErkJggg==", "base64");

const SHOP_ADDRESS = { line1: "Block 1, Street 2", city: "Kuwait City", state: "Capital", country: "KW", postal_code: "13001" };

const screenshot = (page: Page, name: string) =>
  process.env.SCREENSHOTS ? page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true }) : Promise.resolve();

/** Answers the tile requests with a blank tile and keeps the Referer each one carried. */
async function serveBlankTiles(page: Page) {
  const referers: (string | undefined)[] = [];
  await page.route(TILES, async (route) => {
    referers.push(await route.request().headerValue("referer") ?? undefined);
    await route.fulfill({ contentType: "image/png", body: BLANK_TILE });
  });
  return referers;
}

/** Content-Security-Policy refusals the page reports on its console. */
function cspViolations(page: Page) {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test.describe("capture_address", () => {
  test("required before paying: refused fields come back with their errors and what was typed; then the payment starts and the address is stored", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const txn = await createLegacyTransaction(request, { billing_address: SHOP_ADDRESS }, { capture_address: true });
    await page.goto(pathOf(txn.checkout_url));
    const address = page.getByRole("group", { name: "Your address" });
    // Prefilled with the address the shop sent.
    await expect(address.getByLabel("Address line 1")).toHaveValue("Block 1, Street 2");
    await expect(address.getByLabel("City")).toHaveValue("Kuwait City");
    await expect(address.getByLabel("Country")).toHaveValue("KW");

    // A blank required field: the browser does not send the form.
    await address.getByLabel("Address line 1").fill("");
    await payButton(page).click();
    await expect(page).toHaveURL(/\/b\/checkout\/redirect\/start\//);

    // What the browser lets through and the service refuses: back with the messages, nothing typed lost.
    await address.getByLabel("Address line 1").fill("Block 4, Street 12, House 7");
    await address.getByLabel("Address line 2 (optional)").fill("Floor 2");
    await address.getByLabel("City").fill("Salmiya");
    await address.getByLabel("State or region").fill("Hawalli");
    await address.getByLabel("Postal code").fill("KW-22001");
    await payButton(page).click();
    await expect(page).toHaveURL(/\/b\/checkout\/redirect\/start\/\?session_id=/);
    const summary = page.getByTestId("capture-errors");
    await expect(summary).toContainText("Some fields need your attention");
    await expect(summary.getByRole("link", { name: "Postal code: Use digits only, at most 12." })).toHaveAttribute("href", "#capture-postal_code");
    const postalCode = address.getByLabel("Postal code");
    await expect(postalCode).toHaveValue("KW-22001");
    await expect(postalCode).toHaveAttribute("aria-invalid", "true");
    await expect(postalCode).toHaveAccessibleDescription("Use digits only, at most 12.");
    await expect(address.getByLabel("Address line 1")).toHaveValue("Block 4, Street 12, House 7");
    await expect(address.getByLabel("Address line 2 (optional)")).toHaveValue("Floor 2");
    await expect(address.getByLabel("City")).toHaveValue("Salmiya");
    if (javaScriptEnabled) await screenshot(page, "payment-page-capture-address");
    expect((await storedTransaction(txn.session_id)).billing_address).toEqual(SHOP_ADDRESS);

    await postalCode.fill("22001");
    await payButton(page).click();
    await expect(page).toHaveURL(CARD_PAGE_URL);
    const stored = await storedTransaction(txn.session_id);
    expect(stored.billing_address).toEqual({ line1: "Block 4, Street 12, House 7", line2: "Floor 2", city: "Salmiya", state: "Hawalli", country: "KW", postal_code: "22001" });
    expect(stored.legacy.address_captured_at).toEqual(expect.any(String));
  });

  test("in Arabic: the labels and the messages", async ({ page, request }) => {
    const txn = await createLegacyTransaction(request, { language: "ar" }, { capture_address: true });
    await page.goto(pathOf(txn.checkout_url));
    const address = page.getByRole("group", { name: "عنوانك" });
    await address.getByLabel("سطر العنوان 1").fill("قطعة 4، شارع 12");
    await address.getByLabel("المدينة").fill("م".repeat(40));
    await address.getByLabel("المحافظة أو المنطقة").fill("حولي");
    await address.getByLabel("الدولة").selectOption("KW");
    await address.getByLabel("الرمز البريدي").fill("٢٢٠٠١");
    await page.getByRole("button", { name: /^ادفع/ }).click();
    // Arabic-Indic digits are digits: accepted.
    await expect(page).toHaveURL(CARD_PAGE_URL);
    expect((await storedTransaction(txn.session_id)).billing_address).toMatchObject({ postal_code: "22001", country: "KW" });
  });
});

test.describe("capture_delivery", () => {
  test("with scripts: the map (Leaflet's styles applied, OpenStreetMap's attribution) fills the fields where clicked; the location is stored", async ({
    page,
    request,
    javaScriptEnabled,
    baseURL,
  }) => {
    test.skip(!javaScriptEnabled, "the map needs scripts");
    const referers = await serveBlankTiles(page);
    const violations = cspViolations(page);
    const txn = await createLegacyTransaction(request, {}, { capture_delivery: true });
    await page.goto(pathOf(txn.checkout_url));

    const map = page.getByRole("region", { name: "Map for marking the delivery location" });
    await expect(map).toBeVisible();
    await expect(page.locator("img.leaflet-tile-loaded").first()).toBeVisible();
    // leaflet.css is in force: the container clips its panes, tiles are positioned absolutely.
    await expect(map).toHaveCSS("overflow", "hidden");
    await expect(page.locator("img.leaflet-tile").first()).toHaveCSS("position", "absolute");
    await expect(map.getByRole("link", { name: "OpenStreetMap" })).toHaveAttribute("href", "https://www.openstreetmap.org/copyright");
    await expect(page.getByText("Or click the map to mark the place")).toBeVisible();

    const latitude = page.getByLabel("Latitude");
    const longitude = page.getByLabel("Longitude");
    await expect(latitude).toHaveValue("");
    await map.click({ position: { x: 200, y: 120 } });
    await expect(latitude).toHaveValue(/^-?\d+(\.\d+)?$/);
    await expect(longitude).toHaveValue(/^-?\d+(\.\d+)?$/);
    await expect(map.locator(".leaflet-marker-icon svg")).toBeVisible();
    const clicked = { latitude: Number(await latitude.inputValue()), longitude: Number(await longitude.inputValue()) };
    expect(Math.abs(clicked.latitude)).toBeLessThanOrEqual(90);
    expect(Math.abs(clicked.longitude)).toBeLessThanOrEqual(180);
    await screenshot(page, "payment-page-capture-delivery");

    await payButton(page).click();
    await expect(page).toHaveURL(CARD_PAGE_URL);
    expect((await storedTransaction(txn.session_id)).legacy.delivery_location).toEqual(clicked);
    // The tiles carry this site's origin as their Referer (OpenStreetMap asks for one), never the page's address.
    expect(referers.length).toBeGreaterThan(0);
    expect(new Set(referers)).toEqual(new Set([`${baseURL}/`]));
    expect(violations).toEqual([]);
  });

  test("with scripts, when the tiles do not load: the map still takes clicks and says the fields work", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the map needs scripts");
    await page.route(TILES, (route) => route.abort());
    const txn = await createLegacyTransaction(request, {}, { capture_delivery: true });
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.getByText("The map could not load. You can still type the latitude and longitude.")).toBeVisible();
    await expect(page.getByText("Or click the map to mark the place")).toBeVisible();
    await page.getByTestId("delivery-map").click({ position: { x: 100, y: 100 } });
    await expect(page.getByLabel("Latitude")).toHaveValue(/^-?\d/);
    // Typed coordinates move the pin.
    const pin = page.locator(".leaflet-marker-icon");
    const clickedAt = await pin.boundingBox();
    await page.getByLabel("Latitude").fill("29.3375");
    await page.getByLabel("Longitude").fill("48.0758");
    await page.getByLabel("Longitude").blur();
    await expect.poll(async () => (await pin.boundingBox())?.x).not.toBe(clickedAt?.x);
    await payButton(page).click();
    await expect(page).toHaveURL(CARD_PAGE_URL);
    expect((await storedTransaction(txn.session_id)).legacy.delivery_location).toEqual({ latitude: 29.3375, longitude: 48.0758 });
  });

  test.describe("without scripts", () => {
    test.use({ javaScriptEnabled: false });

    test("no map; the latitude and longitude fields and the address work, refused ones come back with their errors", async ({ page, request }) => {
      let tiles = 0;
      await page.route(TILES, (route) => (tiles++, route.abort()));
      const txn = await createLegacyTransaction(request, { billing_address: SHOP_ADDRESS }, { capture_address: true, capture_delivery: true });
      await page.goto(pathOf(txn.checkout_url));
      await expect(page.getByTestId("delivery-map")).toBeHidden();
      await expect(page.getByText("Enter the latitude and longitude of the place to deliver to.")).toBeVisible();

      await page.getByLabel("Latitude").fill("91");
      await page.getByLabel("Longitude").fill("48.0758");
      await payButton(page).click();
      await expect(page.getByTestId("capture-errors").getByRole("link", { name: "Latitude: Enter a latitude between -90 and 90." })).toBeVisible();
      await expect(page.getByLabel("Latitude")).toHaveValue("91");
      await expect(page.getByLabel("Longitude")).toHaveValue("48.0758");
      await expect(page.getByLabel("City")).toHaveValue("Kuwait City");

      await page.getByLabel("Latitude").fill("29.3375");
      await payButton(page).click();
      await expect(page).toHaveURL(CARD_PAGE_URL);
      const stored = await storedTransaction(txn.session_id);
      expect(stored.legacy.delivery_location).toEqual({ latitude: 29.3375, longitude: 48.0758 });
      expect(stored.billing_address).toEqual(SHOP_ADDRESS);
      expect(tiles).toBe(0);
    });
  });
});

test("axe: nothing serious on the page with both options, with errors, in English and Arabic", async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.slow();
  await serveBlankTiles(page);
  for (const language of ["en", "ar"] as const) {
    const txn = await createLegacyTransaction(request, { language }, { capture_address: true, capture_delivery: true });
    await page.goto(pathOf(txn.checkout_url));
    await expect(page.locator("img.leaflet-tile-loaded").first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByTestId("delivery-map").click({ position: { x: 150, y: 150 } });
    await page.getByLabel(language === "en" ? "Postal code" : "الرمز البريدي").fill("ABC");
    await page.locator("form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await payButton(page).click();
    await expect(page.getByTestId("capture-errors")).toBeVisible();
    await expect(page.locator("img.leaflet-tile-loaded").first()).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});

test("a page without a map loads neither Leaflet nor its stylesheet; the map page loads them on demand", async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "scripts");
  await serveBlankTiles(page);
  /** The JavaScript bytes a page loads (uncompressed) and whether any script or stylesheet is Leaflet's. */
  async function load(url: string) {
    const files: { type: string; body: string }[] = [];
    const collect = async (response: import("@playwright/test").Response) => {
      const type = response.request().resourceType();
      if (type === "script" || type === "stylesheet") files.push({ type, body: (await response.body().catch(() => Buffer.alloc(0))).toString("utf8") });
    };
    page.on("response", collect);
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    page.off("response", collect);
    return {
      scriptBytes: files.filter((f) => f.type === "script").reduce((sum, f) => sum + Buffer.byteLength(f.body), 0),
      leaflet: files.some((f) => f.body.includes("leaflet-container")),
    };
  }
  const plain = await load(pathOf((await createTransaction(request)).checkout_url));
  const addressOnly = await load(pathOf((await createLegacyTransaction(request, {}, { capture_address: true })).checkout_url));
  const withMap = await load(pathOf((await createLegacyTransaction(request, {}, { capture_delivery: true })).checkout_url));
  expect(plain.leaflet).toBe(false);
  expect(addressOnly.leaflet).toBe(false);
  expect(withMap.leaflet).toBe(true);
  test.info().annotations.push({
    type: "JavaScript added by the map (uncompressed)",
    description: `${((withMap.scriptBytes - plain.scriptBytes) / 1024).toFixed(1)} KB (plain page ${(plain.scriptBytes / 1024).toFixed(1)} KB, address only ${(addressOnly.scriptBytes / 1024).toFixed(1)} KB)`,
  });
});

test("the admin transaction page shows the address and the delivery location given on the page", async ({ page, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the admin sign-in needs scripts");
  await serveBlankTiles(page);
  const txn = await createLegacyTransaction(request, {}, { capture_address: true, capture_delivery: true });
  await page.goto(pathOf(txn.checkout_url));
  const address = page.getByRole("group", { name: "Your address" });
  await address.getByLabel("Address line 1").fill("Block 4, Street 12");
  await address.getByLabel("City").fill("Salmiya");
  await address.getByLabel("State or region").fill("Hawalli");
  await address.getByLabel("Country").selectOption("KW");
  await address.getByLabel("Postal code").fill("22001");
  await page.getByLabel("Latitude").fill("29.3375");
  await page.getByLabel("Longitude").fill("48.0758");
  await payButton(page).click();
  await expect(page).toHaveURL(CARD_PAGE_URL);

  await openSignedIn(page, `/admin/transactions/${txn.session_id}`);
  const details = page.getByRole("region", { name: "Details" });
  await details.getByText("Every stored field").click();
  await expect(details.getByText(/^Block 4, Street 12, Salmiya, Hawalli, 22001, KW \(given \d{4}-\d\d-\d\d/)).toBeVisible();
  await expect(details.getByRole("link", { name: "29.3375, 48.0758 on OpenStreetMap" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/?mlat=29.3375&mlon=48.0758#map=17/29.3375/48.0758",
  );
  await expectNoSeriousViolations(page);
});
