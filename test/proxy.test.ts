import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

// proxy.ts: a fresh CSP nonce per page request, handed to Next.js in the request's policy header; the customer
// pages' session moved into a path segment; the pages' security headers.

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
const forwarded = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);

function run(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(new URL(path, "http://127.0.0.1:3000"), { headers }));
}

describe("proxy", () => {
  it("gives every page response its own nonce, the same in the response's policy and the request's", () => {
    const a = run("/sandbox/pay/CK1");
    const b = run("/sandbox/pay/CK1");
    const nonce = nonceOf(a.headers.get("content-security-policy"));
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
    expect(nonceOf(forwarded(a, "content-security-policy"))).toBe(nonce);
    expect(nonceOf(b.headers.get("content-security-policy"))).not.toBe(nonce);
    expect(a.headers.get("content-security-policy")).toContain("script-src 'nonce-");
    expect(a.headers.get("content-security-policy")).not.toContain("unsafe-inline' 'strict");
  });

  it("rewrites the customer pages' ?session_id= into the path, with or without the slash, and sends no referrer", () => {
    const id = "a".repeat(40);
    for (const [path, target] of [
      [`/b/checkout/redirect/start/?session_id=${id}`, `/b/checkout/redirect/start/${id}`],
      [`/b/checkout/redirect/result?session_id=${id}&reference=CK1`, `/b/checkout/redirect/result/${id}`],
      ["/b/checkout/redirect/start/", "/b/checkout/redirect/start/-"],
      ["/b/checkout/redirect/start/?session_id=..%2F..%2Fadmin", "/b/checkout/redirect/start/..%2F..%2Fadmin"],
    ]) {
      const response = run(path!);
      expect(new URL(response.headers.get("x-middleware-rewrite")!).pathname.replace(/\/$/, ""), path).toBe(target);
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(run("/sandbox/pay/CK1").headers.get("referrer-policy")).toBe("same-origin");
    expect(run("/sandbox/pay/CK1").headers.get("x-middleware-rewrite")).toBeNull();
  });

  it("keeps the first run's nonce when Next.js runs it again on the rewritten address, and only then", () => {
    const first = run(`/b/checkout/redirect/start/?session_id=${"a".repeat(40)}`);
    const token = forwarded(first, "x-checkout-proxy")!;
    const policy = forwarded(first, "content-security-policy")!;
    const second = run(`/b/checkout/redirect/start/${"a".repeat(40)}/`, { "x-checkout-proxy": token, "content-security-policy": policy });
    expect(second.headers.get("content-security-policy")).toBe(policy);
    expect(second.headers.get("referrer-policy")).toBe("no-referrer");
    // A client cannot choose its nonce: without the process's token its policy header is replaced.
    const forged = run("/sandbox/pay/CK1", { "x-checkout-proxy": "guess", "content-security-policy": "script-src 'nonce-chosen'" });
    expect(nonceOf(forged.headers.get("content-security-policy"))).not.toBe("chosen");
  });
});
