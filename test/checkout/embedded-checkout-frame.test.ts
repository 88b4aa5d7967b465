import { gzipSync } from "node:zlib";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import * as checkoutScript from "@/app/b/checkout/sdk/v1/checkout.js/route";
import * as frameScript from "@/app/b/checkout/sdk/v1/frame.js/route";
import * as framePay from "@/app/b/checkout/sdk/v1/frame/pay/route";
import * as frameRoute from "@/app/b/checkout/sdk/v1/frame/route";
import * as hostedPay from "@/app/b/checkout/redirect/pay/route";
import { revokeApiKey } from "@/lib/access/api-keys/revoke-api-key";
import { EMBED_ORIGIN_HEADER } from "@/lib/checkout/sdk/embed-origin-header";
import { resultEvent } from "@/lib/checkout/sdk/result-event";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { FOREIGN_ORIGIN } from "@/lib/http/sdk-route";
import { contentSecurityPolicy } from "@/lib/http/page-security-headers";
import { proxy } from "@/proxy";
import { startCheckoutApi } from "../support/checkout-setup";
import { createKey } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { CARDS, deliverReturn, passDeadline, payWith } from "../support/payment-flow";

// The embedded checkout's browser half over HTTP: checkout.js and its caching and size, the frame page's key and
// origin rules and its frame-ancestors, its Pay (a card page of ours in the frame, a bank's page through the
// merchant's window), and the proxy letting exactly that origin frame the attempt's pages.

const SHOP = "https://shop.example";
const CHECKOUT_JS_BUDGET = 8 * 1024;

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
let base: string;
let publicKey: string;

beforeAll(async () => {
  api = await startCheckoutApi();
  publicKey = (await createKey(api.ctx, { origins: [SHOP, "http://localhost:4000"] })).key;
  const credentials = { tranportal_id: "107701", tranportal_password: "Knet-Pass-7731", resource_key: "S9TN2371BAXP8Q35" };
  await createGatewaySetting({ ctx: api.ctx, input: { code: "bank", name: "KNET", pg: "knet", currencies: ["KWD"], isSandbox: true, credentials } });
  base = await serveRoutes([
    { path: "/b/checkout/sdk/v1/checkout.js", module: checkoutScript },
    { path: "/b/checkout/sdk/v1/frame.js", module: frameScript },
    { path: "/b/checkout/sdk/v1/frame/pay", module: framePay },
    { path: "/b/checkout/sdk/v1/frame", module: frameRoute },
    { path: "/b/checkout/redirect/pay", module: hostedPay },
  ]);
});

async function newSession(fields: Record<string, unknown> = {}): Promise<string> {
  const res = await api.create({ amount: "86", currency_code: "KWD", pg_codes: ["card", "bank"], ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session_id as string;
}

interface FrameQuery {
  session_id: string;
  pk?: string;
  origin?: string;
  lang?: string;
  theme?: string;
}

async function openFrame(query: FrameQuery) {
  const res = await fetch(`${base}/b/checkout/sdk/v1/frame?${new URLSearchParams({ pk: publicKey, origin: SHOP, ...query })}`);
  return { status: res.status, headers: res.headers, html: await res.text() };
}

async function pay(fields: FrameQuery & { pg_code: string }) {
  const res = await fetch(`${base}/b/checkout/sdk/v1/frame/pay`, {
    method: "POST",
    redirect: "manual",
    // The frame sends no referrer: its form's Origin is null.
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
    body: new URLSearchParams({ pk: publicKey, origin: SHOP, lang: "en", ...fields }),
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

const frameAncestors = (headers: Headers) => /frame-ancestors ([^;]+)/.exec(headers.get("content-security-policy") ?? "")?.[1];

/** The event the page posts when it loads (frame.js's data-event), or null. */
function loadEvent(html: string): Record<string, string> | null {
  const attribute = /data-event="([^"]*)"/.exec(html)?.[1];
  return attribute ? JSON.parse(attribute.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")) : null;
}

const attempts = (sessionId: string) =>
  api.ctx.db.selectFrom("payment_attempts").select(["reference_number", "gateway_code", "embed_origin"]).where("session_id", "=", sessionId).execute();

describe("checkout.js", () => {
  it("is served as a cacheable script with an ETag, 304 when the browser has it, under 8 KB gzipped", async () => {
    const res = await fetch(`${base}/b/checkout/sdk/v1/checkout.js`);
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(body).toContain("window.Checkout");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await fetch(`${base}/b/checkout/sdk/v1/checkout.js`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const gzipped = gzipSync(body, { level: 9 }).length;
    const frameGzipped = gzipSync(await (await fetch(`${base}/b/checkout/sdk/v1/frame.js`)).text(), { level: 9 }).length;
    console.info(`checkout.js: ${body.length} bytes, ${gzipped} gzipped; frame.js: ${frameGzipped} gzipped`);
    expect(gzipped).toBeLessThanOrEqual(CHECKOUT_JS_BUDGET);
  });
});

describe("the frame page", () => {
  it("shows the payment form, framable by exactly the embedding origin, and posts ready to it", async () => {
    const sessionId = await newSession();
    const res = await openFrame({ session_id: sessionId });
    expect(res.status).toBe(200);
    expect(frameAncestors(res.headers)).toBe(SHOP);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.html).toContain('name="pg_code" value="card"');
    expect(res.html).toContain("Pay 86.000 KWD");
    expect(res.html).toContain(`data-origin="${SHOP}"`);
    expect(loadEvent(res.html)).toEqual({ type: "ready", state: "created" });
    // The hosted pages are still never framed.
    expect(contentSecurityPolicy("n")).toContain("frame-ancestors 'none'");
  });

  it("lists the customer's usable saved cards under their method, masked (chosen with the CVV on the card page)", async () => {
    const earlier = await newSession({ customer_id: "cust-frame", pg_codes: ["card"] });
    const { next } = await payWith(api.ctx, earlier, CARDS.approve, { saveCard: true });
    await deliverReturn(api.ctx, next);
    const { html } = await openFrame({ session_id: await newSession({ customer_id: "cust-frame" }) });
    expect(html).toMatch(/value="card"[^]*<li>Visa •••• 1111 \(\d\d\/\d\d\)<\/li>[^]*value="bank"/);
    expect(html).not.toContain(CARDS.approve.replaceAll(" ", ""));
  });

  it("speaks Arabic right to left, and takes only the documented, plain theme values", async () => {
    const sessionId = await newSession();
    const theme = JSON.stringify({ "--ck-color-primary": "#0a7c4a", "--ck-radius": "2px;}body{display:none", "--other": "red" });
    const { html: page } = await openFrame({ session_id: sessionId, lang: "ar", theme });
    expect(page).toContain('<html lang="ar" dir="rtl">');
    const html = /<style>(.*?)<\/style>/s.exec(page)![1]!;
    expect(html).toContain("--ck-color-primary:#0a7c4a");
    expect(html).toContain("--ck-radius:8px");
    expect(html).not.toContain("display:none");
    expect(html).not.toContain("--other");
  });

  it("refuses an origin the key does not list: the reason, posted to that page only, no form", async () => {
    const sessionId = await newSession();
    const res = await openFrame({ session_id: sessionId, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(frameAncestors(res.headers)).toBe("https://evil.example");
    expect(res.html).not.toContain("pg_code");
    expect(loadEvent(res.html)).toEqual({ type: "error", message: FOREIGN_ORIGIN });
  });

  it("refuses unknown, revoked and private keys, and a page that is no origin (then nobody may frame it)", async () => {
    const sessionId = await newSession();
    const revoked = await createKey(api.ctx, { origins: [SHOP] });
    await revokeApiKey({ ctx: api.ctx, input: { id: revoked.id } });
    for (const [pk, message] of [
      ["pk_unknown", "Invalid API key."],
      [revoked.key, "This API key has been revoked."],
      [api.key, "This is a private key: it must stay on your server."],
    ] as const) {
      const res = await openFrame({ session_id: sessionId, pk });
      expect(res.status, pk).toBe(401);
      expect(loadEvent(res.html)?.message).toContain(message);
      expect(res.html).not.toContain("pg_code");
    }
    const nowhere = await openFrame({ session_id: sessionId, origin: "null" });
    expect(frameAncestors(nowhere.headers)).toBe("'none'");
    expect(nowhere.html).not.toContain("<script");
  });

  it("answers a clear error for an unknown, deleted or expired transaction", async () => {
    expect((await openFrame({ session_id: "f".repeat(40) })).status).toBe(404);
    const expired = await newSession();
    await passDeadline(api.ctx, expired);
    const res = await openFrame({ session_id: expired });
    expect(res.status).toBe(409);
    expect(loadEvent(res.html)).toEqual({ type: "error", message: "This payment link has expired." });
  });
});

describe("the frame's Pay", () => {
  it("opens our card page in the frame and lets exactly that origin frame the attempt's pages", async () => {
    const sessionId = await newSession();
    const res = await pay({ session_id: sessionId, pg_code: "card" });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/\/sandbox\/pay\/CK[0-9A-F]{16}$/);
    const [attempt] = await attempts(sessionId);
    expect(attempt).toMatchObject({ gateway_code: "card", embed_origin: SHOP });

    const reference = attempt!.reference_number;
    for (const path of [`/sandbox/pay/${reference}`, `/sandbox/3ds/${reference}`, `/b/checkout/redirect/result?session_id=${sessionId}&reference=${reference}`]) {
      const page = await proxy(new NextRequest(new URL(path, "http://127.0.0.1:3000")));
      expect(frameAncestors(page.headers), path).toBe(SHOP);
      expect(page.headers.get(`x-middleware-request-${EMBED_ORIGIN_HEADER}`), path).toBe(SHOP);
    }
    // Another attempt's pages, and a forged header, frame nothing.
    const hosted = await proxy(new NextRequest(new URL("/sandbox/pay/CK0000000000000000", "http://127.0.0.1:3000"), { headers: { [EMBED_ORIGIN_HEADER]: SHOP } }));
    expect(frameAncestors(hosted.headers)).toBe("'none'");
    expect(hosted.headers.get(`x-middleware-request-${EMBED_ORIGIN_HEADER}`)).toBeNull();
  });

  it("the frame check of an attempt's pages needs no read once its start decided it, the hosted page's Pay too", async () => {
    const framed = await newSession();
    await pay({ session_id: framed, pg_code: "card" });
    const hosted = await newSession();
    const res = await fetch(`${base}/b/checkout/redirect/pay/`, { method: "POST", body: new URLSearchParams({ session_id: hosted, code: "card" }), redirect: "manual" });
    expect(res.status).toBe(303);
    const [framedAttempt] = await attempts(framed);
    const [hostedAttempt] = await attempts(hosted);
    // Rows changed behind the process are not read: what each start decided is what the pages are framed by.
    await api.ctx.db.updateTable("payment_attempts").set({ embed_origin: "https://elsewhere.example" }).where("session_id", "in", [framed, hosted]).execute();
    const ancestors = async (reference: string) =>
      frameAncestors((await proxy(new NextRequest(new URL(`/sandbox/pay/${reference}`, "http://127.0.0.1:3000")))).headers);
    expect(await ancestors(framedAttempt!.reference_number)).toBe(SHOP);
    expect(await ancestors(hostedAttempt!.reference_number)).toBe("'none'");
  });

  it("a gateway down with another method left: the payment starts on that one, framed as its page is", async () => {
    // The KNET setting here has no bank to reach (its redirect flow runs in e2e/embedded-checkout.spec.ts).
    const sessionId = await newSession();
    const res = await pay({ session_id: sessionId, pg_code: "bank" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/\/sandbox\/pay\/CK[0-9A-F]{16}$/);
    expect(await attempts(sessionId)).toEqual([expect.objectContaining({ gateway_code: "card", embed_origin: SHOP })]);
  });

  it("says so when a gateway is down and none is left: an error event, the form again, no attempt framed", async () => {
    const sessionId = await newSession({ pg_codes: ["bank"] });
    const res = await pay({ session_id: sessionId, pg_code: "bank" });
    expect(res.status).toBe(502);
    expect(loadEvent(res.html)).toEqual({ type: "error", message: expect.stringContaining("unavailable right now") });
    expect(res.html).toContain('name="pg_code" value="bank"');
    expect(frameAncestors(res.headers)).toBe(SHOP);
    expect(await attempts(sessionId)).toEqual([]);
  });

  it("starts nothing for a foreign origin, an unknown method or a closed transaction", async () => {
    const sessionId = await newSession();
    const foreign = await pay({ session_id: sessionId, pg_code: "card", origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const unknown = await pay({ session_id: sessionId, pg_code: "nope" });
    expect(unknown.status).toBe(400);
    expect(loadEvent(unknown.html)?.type).toBe("error");
    expect(await attempts(sessionId)).toEqual([]);

    await passDeadline(api.ctx, sessionId);
    expect((await pay({ session_id: sessionId, pg_code: "card" })).status).toBe(409);
    expect(await attempts(sessionId)).toEqual([]);
  });
});

describe("the result page's event", () => {
  it("is success, failure or cancel by the outcome, with the attempt's reference; none while pending", () => {
    expect(resultEvent({ kind: "paid", referenceNumber: "CK1" }, "paid")).toEqual({ type: "success", state: "paid", reference_number: "CK1" });
    expect(resultEvent({ kind: "authorized", referenceNumber: "CK1" }, "authorized")?.type).toBe("success");
    expect(resultEvent({ kind: "declined", referenceNumber: "CK2" }, "attempted")).toEqual({ type: "failure", state: "attempted", reference_number: "CK2" });
    expect(resultEvent({ kind: "canceled", referenceNumber: null }, "attempted")).toEqual({ type: "cancel", state: "attempted" });
    expect(resultEvent({ kind: "pending", referenceNumber: "CK3" }, "pending")).toBeNull();
  });
});
