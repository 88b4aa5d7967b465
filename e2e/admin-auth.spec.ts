import { expect, test, type Page } from "@playwright/test";
import { adminUser } from "./support/credentials";

async function signIn(page: Page, username: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("admin sign-in", () => {
  test("/admin while signed out redirects to the login page", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in to the admin panel" })).toBeVisible();
  });

  test("signs in, signs out, and /admin is closed again", async ({ page }) => {
    await signIn(page, adminUser.username, adminUser.password);

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(page.getByRole("banner").getByText(`${adminUser.username} (superuser)`)).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toHaveCount(0);
  });

  test("signing out ends the session on the server: the old cookie, put back, no longer opens /admin, nor does another browser's", async ({
    page,
    browser,
  }) => {
    await signIn(page, adminUser.username, adminUser.password);
    await expect(page).toHaveURL(/\/admin$/);
    const session = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
    expect(session?.value).toBeTruthy();

    // The same administrator in a second browser.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, adminUser.username, adminUser.password);
    await expect(otherPage).toHaveURL(/\/admin$/);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);

    // Someone who kept a copy of the cookie puts it back: the server refuses it.
    await page.context().addCookies([session!]);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toHaveCount(0);
    expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});

    // Signing out ended the other browser's session too.
    await otherPage.goto("/admin");
    await expect(otherPage).toHaveURL(/\/admin\/login$/);
    await other.close();

    // And signing in again works at once.
    await signIn(page, adminUser.username, adminUser.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();
  });

  test("a sign-in without the CSRF token is a 403, and nobody is signed in", async ({ request }) => {
    const res = await request.post("/api/auth/callback/credentials", {
      form: { username: adminUser.username, password: adminUser.password, json: "true" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ detail: expect.stringContaining("sign-in form has expired"), url: expect.stringContaining("error=FormExpired") });
    expect(res.headers()["set-cookie"] ?? "").not.toContain("next-auth.session-token");
  });

  test("a wrong password is refused", async ({ page }) => {
    await signIn(page, adminUser.username, "not-the-password");

    // Next.js keeps an empty role=alert route announcer on every page, so pick the form's alert by its text.
    await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password." })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    // Still signed out: the panel sends us back to the login page.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
