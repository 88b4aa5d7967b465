import type { NextRequest } from "next/server";
import { env } from "@/lib/env";

/**
 * A POST to a page (a server action, a form) sent from another site: refused before Next.js sees it. Browsers
 * send Origin with every POST; the admin panel also refuses a POST without one, since only a browser posts there.
 */
export function isCrossOriginPost(request: NextRequest): boolean {
  if (request.method !== "POST") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return request.nextUrl.pathname.startsWith("/admin");
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  const allowed = [request.headers.get("host"), new URL(env.APP_URL).host];
  if (env.TRUST_PROXY) allowed.push(request.headers.get("x-forwarded-host"));
  return !allowed.includes(host);
}
