import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { SESSION_HEADER } from "@/lib/checkout-page/session-header";
import { proxy } from "@/proxy";

// proxy.ts: a fresh CSP nonce per page request, handed to Next.js in the request's policy header; the customer
// pages' session id for their root layout; the pages' security headers.

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
/** A request header as the proxy passes it on to the page. */
const forwarded = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);

function run(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(new URL(path, "http://127.0.0.1:3000"), { headers }));
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
