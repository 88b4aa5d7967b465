import type { ServerResponse } from "node:http";

/**
 * The customer-facing pages (payment, result, sandbox card and 3-D Secure pages) run no script at all, so the
 * policy forbids every script. No form-action: a form post may end in a redirect chain to the merchant's site.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": PAGE_CSP,
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
};

/** Sets the customer pages' headers; call first thing in getServerSideProps (they also cover its 404 and redirects). */
export function setPageSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) res.setHeader(name, value);
}
