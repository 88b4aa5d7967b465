import { type NextRequest, NextResponse } from "next/server";
import { loadMerchantRedirect } from "@/lib/checkout/checkout-page/load-merchant-redirect";
import { SESSION_HEADER, WEBHOOK_WAITED_HEADER } from "@/lib/checkout/checkout-page/session-header";
import { EMBED_ORIGIN_HEADER } from "@/lib/checkout/sdk/embed-origin-header";
import { embedOriginOfAttempt } from "@/lib/checkout/sdk/embed-origin-of-attempt";
import { appContext } from "@/lib/core/context";
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

const CARD_PAGE = /^\/sandbox\/(?:pay|3ds)\/([^/]+)\/?$/;
const RESULT_PAGE = /^\/b\/checkout\/redirect\/result\/?$/;

/** The attempt a page is about when the embedded checkout may frame it (its card page, 3-D Secure, result). */
function framableAttempt(url: NextRequest["nextUrl"]): string | null {
  const card = CARD_PAGE.exec(url.pathname);
  if (card) return card[1]!;
  return RESULT_PAGE.test(url.pathname) ? url.searchParams.get("reference") : null;
}

/**
 * The result page's usual end, back to the merchant (once the result's first webhook was answered 200, when there
 * is a results endpoint), answered here: the page's render would only redirect (about 10 ms of CPU). Null: the page
 * shows the result; undefined: not a result page this decides for (another page, or one in the embedded frame).
 */
async function merchantRedirect(request: NextRequest, framedBy: string | null): Promise<string | null | undefined> {
  if (framedBy || !RESULT_PAGE.test(request.nextUrl.pathname) || (request.method !== "GET" && request.method !== "HEAD")) return undefined;
  return loadMerchantRedirect({ ctx: appContext(), input: { sessionId: request.nextUrl.searchParams.get("session_id") ?? "" } });
}

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
  const reference = framableAttempt(request.nextUrl);
  // An attempt started in the embedded checkout's frame: its pages may be framed by that merchant origin only.
  const framedBy = reference ? await embedOriginOfAttempt({ ctx: appContext(), input: { reference } }) : null;
  const policy = contentSecurityPolicy(btoa(crypto.randomUUID()), { development: env.NODE_ENV === "development", framedBy });
  const customerPage = CUSTOMER_PAGE.test(request.nextUrl.pathname);
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.delete(SESSION_HEADER);
  headers.delete(EMBED_ORIGIN_HEADER);
  headers.delete(WEBHOOK_WAITED_HEADER);
  if (framedBy) headers.set(EMBED_ORIGIN_HEADER, framedBy);
  if (customerPage) headers.set(SESSION_HEADER, request.nextUrl.searchParams.get("session_id") ?? "");
  const onward = await merchantRedirect(request, framedBy);
  if (onward === null) headers.set(WEBHOOK_WAITED_HEADER, "1");

  const response = onward ? NextResponse.redirect(onward, 307) : NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("Referrer-Policy", referrerPolicy(customerPage));
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) response.headers.set(name, value);
  if (ADMIN_PAGE.test(request.nextUrl.pathname)) await slideAdminSession(request, response);
  return response;
}

export const config = {
  // Pages only: the JSON APIs, gateway callbacks, form routes and static files skip it.
  matcher: [
    "/((?!_next/|api/|b/checkout/v1/|b/checkout/api/|b/checkout/sdk/|b/pbl/|pos/crt|pos/d/crt|b/checkout/gateway/|b/checkout/redirect/pay|sandbox/api/|icons/|favicon\\.ico|icon\\.svg).*)",
  ],
};
