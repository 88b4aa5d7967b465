import { type NextRequest, NextResponse } from "next/server";
import { env } from "@/lib/env";
import { contentSecurityPolicy, PAGE_SECURITY_HEADERS, referrerPolicy } from "@/lib/http/page-security-headers";

// Runs before every page (not the APIs, see `config`): a fresh CSP nonce per request, which Next.js reads from
// the request's policy header and puts on its scripts, and the pages' security headers.

/** The customer pages: the public form `…/start/?session_id=…`, and the path form it is rewritten to. */
const CUSTOMER_PAGE = /^\/b\/checkout\/redirect\/(start|result)(\/[^/]+)?\/?$/;

/**
 * Next.js runs the proxy a second time for the address a rewrite leads to. This per-process token marks a
 * request the first run already handled, so that the second keeps its nonce; a client cannot forge it.
 */
const HANDLED = { header: "x-checkout-proxy", token: crypto.randomUUID() };

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  const handled = headers.get(HANDLED.header) === HANDLED.token;
  const policy = (handled && headers.get("content-security-policy")) || contentSecurityPolicy(btoa(crypto.randomUUID()), { development: env.NODE_ENV === "development" });
  headers.set("content-security-policy", policy);
  headers.set(HANDLED.header, HANDLED.token);

  // Their root layout sets <html lang dir> from the transaction, and a layout sees only the path: the session
  // moves into a path segment, invisibly to the browser.
  const page = CUSTOMER_PAGE.exec(request.nextUrl.pathname);
  let response: NextResponse;
  if (page && !page[2]) {
    const target = request.nextUrl.clone();
    target.pathname = `/b/checkout/redirect/${page[1]}/${encodeURIComponent(target.searchParams.get("session_id") || "-")}`;
    response = NextResponse.rewrite(target, { request: { headers } });
  } else {
    response = NextResponse.next({ request: { headers } });
  }
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("Referrer-Policy", referrerPolicy(page !== null));
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Pages only: the JSON APIs, gateway callbacks, form routes and static files skip it.
  matcher: [
    "/((?!_next/|api/|b/checkout/v1/|b/checkout/gateway/|b/checkout/redirect/pay|sandbox/api/|icons/|favicon\\.ico|icon\\.svg).*)",
  ],
};
