import { framePagePolicy } from "./page-security-headers";

/**
 * An HTML page of the embedded checkout's frame (it skips proxy.ts): its own policy, framable by `origin` only
 * (null: by nobody); never cached, no referrer (its address holds the session id).
 */
export function framePageResponse(html: string, origin: string | null, status = 200): Response {
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": framePagePolicy(origin),
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
