import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signIn } from "./support/admin";
import { readApiKey } from "./support/credentials";
import { orderNo } from "./support/payments";

// The legacy /pos/ interface on the production build: the settings screen's "Legacy interface" section (the
// addresses allowed without credentials, the multi-step checkout), then an old shop plugin's form posts to the
// real server, with and without the trailing slash, without credentials from the allowed address (the socket's
// address; a client-sent X-Forwarded-For does not count), and the hosted page behind the answer's url. The
// settings are put back.

test.describe.configure({ mode: "serial" });
test.beforeEach(() => test.slow());

const form = (fields: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  data: new URLSearchParams(fields).toString(),
});
// The e2e server has no default redirect or disclosure URL: the plugin sends its own.
const plugin = () => ({
  amount: "86.5",
  currency_code: "KWD",
  gateway_code: "sandbox",
  order_no: orderNo(),
  email_notification: "False",
  redirect_url: "https://shop.example/return",
  disclosure_url: "https://shop.example/disclosure",
});

test("the settings screen sets the legacy interface's addresses and multi-step checkout; a plugin then posts without credentials", async ({ page, request }) => {
  // Out of the box a plugin without credentials is refused.
  const refused = await request.post("/pos/crt/", form(plugin()));
  expect(refused.status()).toBe(401);
  // No Basic challenge: the browser would prompt for a password and keep sending it.
  expect(refused.headers()["www-authenticate"]).toBe('Api-Key realm="api"');

  await signIn(page);
  await page.getByRole("link", { name: "Settings" }).click();
  const networks = page.getByLabel("Callers allowed without credentials");
  const multiStep = page.getByLabel("Multi-step checkout");
  await expect(networks).toHaveValue("");
  await expect(multiStep).not.toBeChecked();

  await networks.fill("127.0.0.1, 10.0.0.0/33");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText('"10.0.0.0/33" is not an IPv4 or IPv6 address or CIDR network').last()).toBeVisible();
  await expect(networks).toHaveAttribute("aria-invalid", "true");
  await expect(networks).toHaveValue("127.0.0.1, 10.0.0.0/33");
  await expectNoSeriousViolations(page);

  await networks.fill("127.0.0.1 ::1\n10.0.0.0/8");
  await multiStep.check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await expect(networks).toHaveValue("127.0.0.1/32, ::1/128, 10.0.0.0/8");
  await page.reload();
  await expect(networks).toHaveValue("127.0.0.1/32, ::1/128, 10.0.0.0/8");
  await expect(multiStep).toBeChecked();

  // The multi-step checkout wants both page options; the plugin's form without a slash, no credentials.
  const missing = await request.post("/pos/crt", form(plugin()));
  expect(missing.status()).toBe(400);
  expect(await missing.json()).toEqual({
    capture_address: ["This field is required while the multi-step checkout is on: send true or false."],
    capture_delivery: ["This field is required while the multi-step checkout is on: send true or false."],
  });
  const created = await request.post("/pos/crt", form({ ...plugin(), capture_address: "0", capture_delivery: "off" }));
  expect(created.status(), await created.text()).toBe(201);
  const answer = await created.json();
  expect(answer).toMatchObject({ reference_number: null, amount: "86.500", currency_code: "KWD", state: "created" });
  expect(answer.url).toBe(answer.checkout_url);
  expect(answer.payment_url).toBe(answer.checkout_url);

  // A payment request from the signed-in superuser (the initiator), with the API key and a trailing slash.
  await page.goto("/admin/users");
  const href = await page.getByRole("link", { name: "e2e-admin", exact: true }).getAttribute("href");
  const initiator = /\/admin\/users\/(\d+)/.exec(href ?? "")?.[1];
  expect(initiator).toBeDefined();
  const request2 = await request.post("/pos/d/crt/", {
    headers: { authorization: `Api-Key ${readApiKey()}` },
    data: { ...plugin(), gateway_code: undefined, amount: "25", customer_email: "sara@example.com", initiator },
  });
  expect(request2.status(), await request2.text()).toBe(201);

  // The answer's url is the hosted payment page.
  await page.goto(answer.url);
  await expect(page.getByText("86.500").first()).toBeVisible();

  // A client cannot claim an allowed address: the server takes X-Forwarded-For from the socket (127.0.0.1 here).
  await page.goto("/admin/settings");
  await networks.fill("10.0.0.0/8");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  const spoofed = form({ ...plugin(), capture_address: "0", capture_delivery: "0" });
  for (const claim of ["10.1.2.3", "10.1.2.3, 10.4.5.6"]) {
    const res = await request.post("/pos/crt/", { ...spoofed, headers: { ...spoofed.headers, "x-forwarded-for": claim, "x-real-ip": "10.1.2.3" } });
    expect(res.status(), claim).toBe(401);
  }

  // Put the settings back: other specs expect credentials everywhere.
  await networks.fill("");
  await multiStep.uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  expect((await request.post("/pos/crt/", form({ ...plugin() }))).status()).toBe(401);
});

test("other methods answer 405 on the legacy paths, and the API reference lists them as deprecated", async ({ request }) => {
  for (const path of ["/pos/crt/", "/pos/crt", "/pos/d/crt/", "/pos/d/crt"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(405);
    expect(res.headers().allow).toBe("POST");
  }
  const doc = await (await request.get("/b/checkout/v1/openapi.json")).json();
  expect(doc.paths["/pos/crt/"].post.deprecated).toBe(true);
  expect(doc.paths["/pos/d/crt/"].post.deprecated).toBe(true);
});
