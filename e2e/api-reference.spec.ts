import { expect, type Locator, type Page, test } from "@playwright/test";
import { readApiKey } from "./support/credentials";

// The interactive API reference at /docs (Scalar, rendered in the browser from the OpenAPI document): the sidebar
// at a desktop width (1280 px), and its "Test Request" panel sending real requests to this server.

/** The reference tool's own placeholder for an apiKey value (a sample token), which /docs replaces by the hint. */
const SAMPLE_TOKEN = "QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT";
const API_KEY_HINT = "Api-Key <your key>";
const CREATE_PATH = "/b/checkout/v1/pymt-txn/";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the reference renders with scripts only");

// The reference is the heaviest page of the app (its own scripts and styles, several megabytes): the tests read one
// page, opened once, in order; the last one opens the Test Request panel on it.
test.describe.configure({ mode: "serial" });
let page: Page;
let sidebar: Locator;

test.beforeAll(async ({ browser }, testInfo) => {
  page = await browser.newPage({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 800 } });
  await page.goto("/docs");
  sidebar = page.getByRole("navigation", { name: /^Sidebar/ });
  await expect(sidebar.locator("li > button, li > a").filter({ hasText: "HTTP Method:" }).first()).toBeVisible();
});

test.afterAll(() => page.close());

test("the sidebar lists each operation once, on one line, and no 405 of its own", async ({ request }) => {
  const doc = (await (await request.get("/b/checkout/v1/openapi.json")).json()) as Json;
  const operations = Object.values(doc.paths as Json).flatMap((item: Json) =>
    // The SDK's CORS preflights are documented as OPTIONS operations: listed like the others.
    ["get", "post", "put", "patch", "delete", "options"].filter((m) => item[m]).map((m) => item[m] as Json),
  );
  expect(Object.keys(doc.paths["/b/checkout/v1/pymt-txn/{session_id}"])).not.toContain("post");

  const entries = sidebar.locator("li > button, li > a");
  // Every operation by its summary, and nothing else with an HTTP method badge.
  for (const operation of operations) {
    await expect(sidebar.getByText(operation.summary, { exact: true }), operation.operationId).toHaveCount(1);
  }
  await expect(entries.filter({ hasText: "HTTP Method:" })).toHaveCount(operations.length);

  // Every visible entry (introduction, tags, operations, models) is one line: its text has one line box, and the
  // entry is as tall as the shortest one.
  const measured = await entries.evaluateAll((elements) =>
    elements
      .filter((element) => element.getBoundingClientRect().height > 0)
      .map((element) => {
        // Line boxes of each piece of text (the label, the method badge), by their distinct tops.
        let lines = 0;
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent!.trim() || node.parentElement!.getBoundingClientRect().width <= 1) continue; // screen-reader-only text
          const range = document.createRange();
          range.selectNodeContents(node);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          lines = Math.max(lines, tops.size);
        }
        return { text: element.textContent!.replace(/HTTP Method:\s*/, " ").trim(), lines, height: element.getBoundingClientRect().height };
      }),
  );
  expect(measured.length).toBeGreaterThanOrEqual(operations.length + 4); // + introduction, tags, models
  const single = Math.min(...measured.map((m) => m.height));
  for (const entry of measured) {
    expect(entry.lines, `"${entry.text}" wraps`).toBe(1);
    expect(entry.height, `"${entry.text}" is taller than one line (${single}px)`).toBeLessThanOrEqual(single + 1);
  }
});

test("a POST naming a session id is documented as a 405 response of create", async () => {
  const create = page.locator(`section[id$="/POST${CREATE_PATH}"]`);
  await expect(create.getByText("A POST to /b/checkout/v1/pymt-txn/{session_id}", { exact: false })).toBeVisible();
  await expect(create.getByText("405", { exact: true })).toBeVisible();
});

test("Test Request: no fixed Idempotency-Key, an Api-Key hint, and every send creates a new transaction", async () => {
  await page.locator(`section[id$="/POST${CREATE_PATH}"]`).getByRole("button", { name: /Test Request/ }).click();
  const client = page.getByRole("dialog");
  await expect(client.getByRole("region", { name: /^Request: / })).toBeVisible();

  // Authorization: empty, with the hint in place of the tool's sample token.
  const value = client.getByPlaceholder(API_KEY_HINT, { exact: true });
  await expect(value).toBeVisible();
  await expect(value).toHaveValue("");
  await expect(page.locator(`input[placeholder="${SAMPLE_TOKEN}"]`)).toHaveCount(0);
  await expect(client).not.toContainText(SAMPLE_TOKEN);

  // The Idempotency-Key header row is there, with nothing filled in.
  const idempotencyValue = await client.locator(".cm-content").evaluateAll((cells) => {
    const index = cells.findIndex((cell) => cell.textContent === "Idempotency-Key");
    if (index < 0) return null;
    const next = cells[index + 1]!.cloneNode(true) as HTMLElement;
    next.querySelectorAll(".cm-placeholder").forEach((placeholder) => placeholder.remove());
    return next.textContent;
  });
  expect(idempotencyValue).toBe("");

  // Sent twice with the example body: two new transactions, never a replay of the first answer.
  const key = readApiKey();
  await value.fill(`Api-Key ${key}`);
  const sessions: string[] = [];
  for (let i = 0; i < 2; i++) {
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === CREATE_PATH),
      client.getByRole("button", { name: /^Send post request/ }).first().click(),
    ]);
    const headers = await sent.allHeaders();
    expect(headers["authorization"]).toBe(`Api-Key ${key}`);
    expect(headers["idempotency-key"]).toBeUndefined();
    const response = (await sent.response())!;
    expect(response.status()).toBe(201);
    expect((await response.allHeaders())["idempotent-replayed"]).toBeUndefined();
    sessions.push(((await response.json()) as Json).session_id);
  }
  expect(new Set(sessions).size).toBe(2);
});
