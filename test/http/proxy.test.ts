import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { SESSION_HEADER } from "@/lib/checkout/checkout-page/session-header";
import { env } from "@/lib/core/env";
import { hasServerActions } from "@/lib/http/server-action-pages";
import { proxy } from "@/proxy";

// proxy.ts: a fresh CSP nonce per page request, handed to Next.js in the request's policy header; the customer
// pages' session id for their root layout; the pages' security headers; server actions only to pages that have some.

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
/** A request header as the proxy passes it on to the page. */
const forwarded = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);

function run(path: string, headers: Record<string, string> = {}, method = "GET") {
  return proxy(new NextRequest(new URL(path, "http://127.0.0.1:3000"), { headers, method }));
}

describe("proxy", () => {
  it("gives every page response its own nonce, the same in the response's policy and the request's", async () => {
    const a = await run("/sandbox/pay/CK1");
    const b = await run("/sandbox/pay/CK1");
    const nonce = nonceOf(a.headers.get("content-security-policy"));
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
    expect(nonceOf(forwarded(a, "content-security-policy"))).toBe(nonce);
    expect(nonceOf(b.headers.get("content-security-policy"))).not.toBe(nonce);
    expect(a.headers.get("content-security-policy")).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'; /);
    // A client cannot choose the nonce.
    const forged = await run("/sandbox/pay/CK1", { "content-security-policy": "script-src 'nonce-chosen'" });
    expect(nonceOf(forwarded(forged, "content-security-policy"))).not.toBe("chosen");
  });

  it("passes the customer pages' session id on, with or without the slash, and they send no referrer", async () => {
    const id = "a".repeat(40);
    for (const [path, session] of [
      [`/b/checkout/redirect/start/?session_id=${id}`, id],
      [`/b/checkout/redirect/result?session_id=${id}&reference=CK1`, id],
      [`/b/checkout/redirect/start/?session_id=${id}&session_id=other`, id],
      ["/b/checkout/redirect/start/", ""],
    ]) {
      const response = await run(path!);
      expect(forwarded(response, SESSION_HEADER), path).toBe(session);
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("other pages: a referrer to this site only, and no session header, whatever the client sent", async () => {
    const response = await run("/sandbox/pay/CK1", { [SESSION_HEADER]: "a".repeat(40) });
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(forwarded(response, SESSION_HEADER)).toBeNull();
  });
});

describe("server actions sent to a page", () => {
  const action = (path: string) =>
    run(path, { "next-action": "60b2e6f8836dc9a91ff29af685762646e5af56dcfe", origin: env.APP_URL, "content-type": "text/plain;charset=UTF-8" }, "POST");

  it.each(["/", "/docs", `/b/checkout/redirect/start/?session_id=${"0".repeat(40)}`, "/b/checkout/redirect/result/", "/sandbox/3ds/CK1", "/no/such/page", "/sandbox/pay/CK1/extra"])(
    "%s has none: a 404 before Next.js sees it",
    async (page) => {
      const response = await action(page);
      expect(response.status).toBe(404);
      expect(response.headers.get("x-middleware-next")).toBeNull();
      expect(await response.json()).toEqual({ detail: "This page has no server actions." });
    },
  );

  it("a form posted without scripts (multipart, the encoding of a server action) to a page without any: 404 too", async () => {
    const form = { origin: env.APP_URL, "content-type": "multipart/form-data; boundary=x" };
    expect((await run("/", form, "POST")).status).toBe(404);
    expect((await run("/docs", { ...form, "content-type": "Multipart/Form-Data; boundary=x" }, "POST")).status).toBe(404);
    // Other posts and reads go on (the pages' own forms post to route handlers, which the proxy does not see).
    expect((await run("/", { origin: env.APP_URL, "content-type": "application/x-www-form-urlencoded" }, "POST")).headers.get("x-middleware-next")).toBe("1");
    expect((await run("/", { "next-action": "abc" }, "GET")).headers.get("x-middleware-next")).toBe("1");
  });

  it.each(["/admin", "/admin/users", "/admin/transactions/abc", "/sandbox/pay/CK1", "/sandbox/pay/CK1/"])("%s has some: on to Next.js", async (page) => {
    const response = await action(page);
    expect(response.headers.get("x-middleware-next")).toBe("1");
    const form = await run(page, { origin: env.APP_URL, "content-type": "multipart/form-data; boundary=x" }, "POST");
    expect(form.headers.get("x-middleware-next")).toBe("1");
  });

  it("every actions.ts under app/ is on a page the proxy lets server actions through to", () => {
    const root = join(import.meta.dirname, "../..", "app");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
    const withActions = files.filter((f) => /^\s*["']use server["']/m.test(readFileSync(join(root, f), "utf8")));
    expect(withActions.length).toBeGreaterThan(5);
    for (const file of withActions) {
      // app/(site)/admin/(panel)/users/[id]/actions.ts → /admin/users/x
      const route = dirname(file)
        .split(sep)
        .filter((s) => s && !/^\(.*\)$/.test(s))
        .map((s) => (/^\[.*\]$/.test(s) ? "x" : s))
        .join("/");
      expect(hasServerActions(`/${route}`), file).toBe(true);
    }
  });
});
