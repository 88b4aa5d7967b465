import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { addLimitedUser, signIn } from "./support/admin";
import { createTransaction, pathOf } from "./support/payments";

// HTTP answers say what happened, on the production build: an unknown or malformed payment is a 404 with the
// bilingual page (drawn by the server: it works without scripts); an unknown address under the API's prefixes is
// the API's JSON 404; the admin panel's "Not allowed" is a 403; a server action sent to a page without any is a
// 404 (e2e/https-app-url.spec.ts checks that the server logs no error for it).

const NOT_FOUND = /Payment not found/;
const NOT_FOUND_AR = "لم يتم العثور على عملية الدفع";

test("the payment and result pages of an unknown or malformed session: 404, with the bilingual page", async ({ page, request }) => {
  const cases = [
    `/b/checkout/redirect/start/?session_id=${"0".repeat(40)}`,
    `/b/checkout/redirect/start?session_id=${"f".repeat(40)}`,
    "/b/checkout/redirect/start/?session_id=not-a-session",
    "/b/checkout/redirect/start/?session_id=x'%3B%20DROP",
    "/b/checkout/redirect/start/",
    `/b/checkout/redirect/result/?session_id=${"0".repeat(40)}&reference=CK0000000000000000`,
    "/b/checkout/redirect/result/?session_id=bad",
  ];
  for (const path of cases) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: NOT_FOUND, level: 1 }), path).toBeVisible();
    await expect(page.getByRole("heading", { name: NOT_FOUND_AR, level: 2 }), path).toBeVisible();
    expect(await response!.text(), path).toContain(NOT_FOUND_AR); // in the HTML as sent
  }
  // A known one is still a 200.
  const txn = await createTransaction(request);
  expect((await page.goto(pathOf(txn.checkout_url)))!.status()).toBe(200);
});

test("an unknown address under /b/, /pos/ or /api/: the API's JSON 404, whatever the method", async ({ request, page }) => {
  const paths = [
    "/b/nope",
    "/b",
    "/b/",
    "/b/checkout/v1/nope/",
    `/b/checkout/v1/pymt-txn/${"a".repeat(40)}/extra`,
    "/b/checkout/redirect/start/extra",
    "/b/pbl/v2/nope/",
    "/pos/nope",
    "/pos/d",
    "/api/nope",
    "/api",
    "/api/admin/nope",
  ];
  for (const path of paths) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const response = await request.fetch(path, { method, ...(method === "GET" ? {} : { data: {} }) });
      expect(response.status(), `${method} ${path}`).toBe(404);
      expect(response.headers()["content-type"], `${method} ${path}`).toContain("application/json");
      expect(await response.json(), `${method} ${path}`).toEqual({ detail: "Not found." });
    }
  }
  // Elsewhere an unknown address is still the not-found page.
  const other = await page.goto("/no/such/page");
  expect(other!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
});

test("a server action sent to a page without any: 404, not run", async ({ request, baseURL }) => {
  const txn = await createTransaction(request);
  // An action of the build (which Next.js would run on any page), a well-formed id that does not exist, a malformed one.
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as { node: Record<string, unknown> };
  const real = Object.keys(manifest.node)[0]!;
  const ids = [real, "7f" + "0".repeat(40), "abc123"];
  for (const path of ["/", "/docs", pathOf(txn.checkout_url), "/sandbox/3ds/CK0000000000000000", "/no/such/page"]) {
    for (const id of ids) {
      const response = await request.post(path, {
        headers: { "Next-Action": id, Origin: baseURL!, "Content-Type": "text/plain;charset=UTF-8" },
        data: "[]",
      });
      expect(response.status(), `${path} ${id}`).toBe(404);
      expect(await response.json()).toEqual({ detail: "This page has no server actions." });
      // As a form posts one without scripts.
      const form = await request.post(path, { headers: { Origin: baseURL! }, multipart: { [`$ACTION_ID_${id}`]: "" } });
      expect(form.status(), `${path} form ${id}`).toBe(404);
    }
  }
});

test("the admin panel's 'Not allowed': 403", async ({ page, browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the panel's sign-in needs scripts");
  await signIn(page);
  const clerk = await addLimitedUser(page, "status", ["Sandbox card (sandbox)"]);
  // The superuser's own screens are 200s.
  expect((await page.goto("/admin/users"))!.status()).toBe(200);

  const context = await browser.newContext();
  const clerkPage = await context.newPage();
  await signIn(clerkPage, clerk);
  for (const path of ["/admin/not-allowed", "/admin/users", "/admin/settings", "/admin/api-keys", "/admin/gateways", "/admin/currencies", "/admin/audit-log"]) {
    const response = await clerkPage.goto(path);
    expect(response!.status(), path).toBe(403);
    await expect(clerkPage.getByRole("heading", { name: "Not allowed", level: 1 }), path).toBeVisible();
  }
  // A screen the clerk may open is a 200.
  expect((await clerkPage.goto("/admin/transactions"))!.status()).toBe(200);
  await context.close();
});
