import { type NextRequest, NextResponse } from "next/server";
import { env } from "@/lib/env";
import { contentSecurityPolicy, PAGE_SECURITY_HEADERS } from "@/lib/http/page-security-headers";

// Runs before every page (not the APIs, see `config`): a fresh CSP nonce per request, which Next.js reads from
// the request's policy header and puts on its scripts, and the pages' security headers.

/** The customer pages' public addresses carry the session in the query (`?session_id=`, fixed by the interface). */
const CUSTOMER_PAGE = /^\/b\/checkout\/redirect\/(start|result)\/?$/;

export function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const policy = contentSecurityPolicy(nonce, { development: env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);

  // Their root layout sets <html lang dir> from the transaction, and a layout sees only the path: the session
  // moves into a path segment, invisibly to the browser.
  const page = CUSTOMER_PAGE.exec(request.nextUrl.pathname);
  let response: NextResponse;
  if (page) {
    const target = request.nextUrl.clone();
    const sessionId = target.searchParams.get("session_id") || "-";
    target.pathname = `/b/checkout/redirect/${page[1]}/${encodeURIComponent(sessionId)}`;
    response = NextResponse.rewrite(target, { request: { headers } });
  } else {
    response = NextResponse.next({ request: { headers } });
  }
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Pages only: the JSON APIs, gateway callbacks, form routes and static files skip it.
  matcher: [
    "/((?!_next/|api/|b/checkout/v1/|b/checkout/gateway/|b/checkout/redirect/pay|sandbox/api/|icons/|favicon\\.ico|icon\\.svg).*)",
  ],
};
