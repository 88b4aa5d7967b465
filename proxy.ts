import { type NextRequest, NextResponse } from "next/server";
import { SESSION_HEADER } from "@/lib/checkout/checkout-page/session-header";
import { slideAdminSession } from "@/lib/access/auth/slide-admin-session";
import { env } from "@/lib/core/env";
import { isCrossOriginPost } from "@/lib/http/cross-origin-post";
import { contentSecurityPolicy, PAGE_SECURITY_HEADERS, referrerPolicy } from "@/lib/http/page-security-headers";
import { isStrayServerAction } from "@/lib/http/server-action-pages";

// Runs before every page (not the APIs, see `config`): a fresh CSP nonce per request, which Next.js reads from
// the request's policy header and puts on its scripts; the pages' security headers; for the customer pages,
// their session id where their root layout can read it; for the admin panel, its idle timeout. A POST from another
// site (a forged server action or form) is refused here, and so is a server action sent to a page that has none.

const CUSTOMER_PAGE = /^\/b\/checkout\/redirect\/(start|result)\/?$/;

const ADMIN_PAGE = /^\/admin(\/|$)/;

export async function proxy(request: NextRequest) {
  if (isCrossOriginPost(request)) {
    return NextResponse.json({ detail: "Cross-origin request refused." }, { status: 403 });
  }
  if (isStrayServerAction(request, request.nextUrl.pathname)) {
    return NextResponse.json(
      { detail: "This page has no server actions." },
      // The header tells Next.js's client what happened (a tab left open across a release may still send one).
      { status: 404, headers: { "Cache-Control": "no-store", "x-nextjs-action-not-found": "1" } },
    );
  }
  const policy = contentSecurityPolicy(btoa(crypto.randomUUID()), { development: env.NODE_ENV === "development" });
  const customerPage = CUSTOMER_PAGE.test(request.nextUrl.pathname);
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.delete(SESSION_HEADER);
  if (customerPage) headers.set(SESSION_HEADER, request.nextUrl.searchParams.get("session_id") ?? "");

  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("Referrer-Policy", referrerPolicy(customerPage));
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) response.headers.set(name, value);
  if (ADMIN_PAGE.test(request.nextUrl.pathname)) await slideAdminSession(request, response);
  return response;
}

export const config = {
  // Pages only: the JSON APIs, gateway callbacks, form routes and static files skip it.
  matcher: [
    "/((?!_next/|api/|b/checkout/v1/|b/checkout/api/|b/pbl/|pos/crt|pos/d/crt|b/checkout/gateway/|b/checkout/redirect/pay|sandbox/api/|icons/|favicon\\.ico|icon\\.svg).*)",
  ],
};
