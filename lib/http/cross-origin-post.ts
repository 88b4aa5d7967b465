import type { NextRequest } from "next/server";
import { env } from "@/lib/core/env";

/**
 * Whether a request's `Origin` names this site: APP_URL's host, or the host the request was sent to (`Host`, and
 * `X-Forwarded-Host` behind a trusted proxy). `null` (no-referrer pages, sandboxed frames) and anything unreadable
 * name no site, so not this one.
 */
export function isOwnOrigin(origin: string, headers: Headers): boolean {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (!host) return false;
  const allowed = [headers.get("host"), new URL(env.APP_URL).host];
  if (env.TRUST_PROXY) allowed.push(headers.get("x-forwarded-host"));
  return allowed.includes(host);
}

/**
 * A POST to a page (a server action, a form) sent from another site: refused before Next.js sees it. Browsers
 * send Origin with every POST; the admin panel also refuses a POST without one, since only a browser posts there.
 */
export function isCrossOriginPost(request: NextRequest): boolean {
  if (request.method !== "POST") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return request.nextUrl.pathname.startsWith("/admin");
  return !isOwnOrigin(origin, request.headers);
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A request to a route that would change something (POST, PUT, PATCH, DELETE), sent by a browser from a page of
 * another site: its `Origin` names that site. The API's callers are servers, which send no Origin; a browser always
 * sends one with these methods, and would attach credentials it holds for this site (a session cookie, Basic
 * credentials it was once given) to a forged form. `originRequired`: a route only this site's own pages post to
 * refuses a request without Origin too.
 */
export function isCrossSiteWrite(request: Request, { originRequired = false } = {}): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (origin === null) return originRequired;
  return !isOwnOrigin(origin, request.headers);
}
