import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { readApiKey } from "./support/credentials";
import { createTransaction, pathOf } from "./support/payments";
import { startSecondWebServer } from "./support/second-web-server";

// A second web server on the e2e database whose public address (APP_URL) is https, as behind a TLS proxy: every
// response it sends — pages, API, static files, its own 400s — carries Strict-Transport-Security; the main server
// (an http APP_URL) sends none. Its output is read too: a server action sent to a page without any leaves no error
// in the log.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "chromium", "server-level, not a page"));

const APP_URL = "https://checkout.e2e.example";
const HSTS = "max-age=63072000; includeSubDomains";

let server: ChildProcess | undefined;
let base = "";
let output = () => "";

// One second server for the file's tests: they run in order, in one worker (the project spreads other files' tests).
test.describe.configure({ mode: "default" });

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== "chromium") return;
  testInfo.setTimeout(90_000);
  ({ process: server, base, output } = await startSecondWebServer(testInfo, { portOffset: 8, appUrl: APP_URL }));
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  server.kill("SIGTERM");
  const timer = setTimeout(() => process.kill(-server!.pid!, "SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
});

test("an https APP_URL: Strict-Transport-Security on pages, API answers, static files and the server's own errors", async ({ request }) => {
  const txn = await createTransaction(request);
  const page = await fetch(`${base}${pathOf(txn.checkout_url)}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const script = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();

  const key = `Api-Key ${readApiKey()}`;
  const json = { "content-type": "application/json" };
  const create = JSON.stringify({ pg_codes: ["sandbox"], amount: "1", currency_code: "KWD" });
  const answers: [string, Promise<Response>, number][] = [
    ["payment page", Promise.resolve(page), 200],
    ["unknown payment page", fetch(`${base}/b/checkout/redirect/start/?session_id=${"0".repeat(40)}`), 404],
    ["home page", fetch(`${base}/`), 200],
    ["admin sign-in page", fetch(`${base}/admin/login`), 200],
    ["not-found page", fetch(`${base}/no/such/page`), 404],
    ["health", fetch(`${base}/api/health`), 200],
    ["create", fetch(`${base}/b/checkout/v1/pymt-txn/`, { method: "POST", headers: { ...json, authorization: key }, body: create }), 201],
    ["create without credentials", fetch(`${base}/b/checkout/v1/pymt-txn/`, { method: "POST", headers: json, body: create }), 401],
    ["read", fetch(`${base}/b/checkout/v1/pymt-txn/${txn.session_id}`), 200],
    ["create from another site", fetch(`${base}/b/checkout/v1/pymt-txn/`, { method: "POST", headers: { ...json, origin: "https://evil.example" }, body: create }), 403],
    ["unknown API address", fetch(`${base}/b/nope`), 404],
    ["static file", fetch(`${base}${script}`), 200],
    ["icon", fetch(`${base}/icon.svg`), 200],
    ["page post from another site", fetch(`${base}/admin/login`, { method: "POST", headers: { origin: "https://evil.example" } }), 403],
    ["malformed address", fetch(`${base}/b/checkout/v1/pymt-txn/%E0%A4%A`), 400],
  ];
  for (const [what, answer, status] of answers) {
    const response = await answer;
    expect(response.status, what).toBe(status);
    expect(response.headers.get("strict-transport-security"), what).toBe(HSTS);
  }
  // The main server's APP_URL is http: nothing to pin.
  for (const path of ["/", "/api/health", "/icon.svg"]) {
    expect((await request.get(path)).headers()["strict-transport-security"], path).toBeUndefined();
  }
});

test("a server action sent to pages without any, by fetch or as a form: 404, and no error in the server's log", async () => {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as { node: Record<string, unknown> };
  const ids = [Object.keys(manifest.node)[0]!, "7f" + "0".repeat(40), "abc123"];
  const before = output().length;
  for (const path of ["/", "/docs", "/b/checkout/redirect/start/?session_id=x", "/sandbox/3ds/CK0000000000000000", "/no/such/page"]) {
    for (const id of ids) {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "next-action": id, origin: base, "content-type": "text/plain;charset=UTF-8" },
        body: '["$K1",{}]',
      });
      expect(response.status, `${path} ${id}`).toBe(404);
      // The same action as a form posts it without scripts.
      const form = new FormData();
      form.append(`$ACTION_ID_${id}`, "");
      const posted = await fetch(`${base}${path}`, { method: "POST", headers: { origin: base }, body: form });
      expect(posted.status, `${path} form ${id}`).toBe(404);
    }
  }
  // Lines are written as they happen; a moment for the last ones.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(output().slice(before)).toBe("");
});
