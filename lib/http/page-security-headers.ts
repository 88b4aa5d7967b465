/**
 * The pages' Content-Security-Policy: scripts run only when they carry this response's nonce (Next.js puts it
 * on its own scripts) or are loaded by one that does ('strict-dynamic'). Merchant logos and gateway icons are
 * arbitrary https URLs. No form-action: a form post may end in a redirect chain to the merchant's site. `framedBy`:
 * the one merchant origin that may frame the page (an embedded checkout's attempt), else none.
 */
export function contentSecurityPolicy(nonce: string, { development = false, framedBy = null as string | null } = {}): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlay; production never does.
    `script-src 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "object-src 'none'",
    "base-uri 'none'",
    frameAncestors(framedBy),
  ].join("; ");
}

/**
 * Who may frame a page: nobody, or exactly one merchant origin (the embedded checkout's, checked against its public
 * key before it gets here). The hosted pages are never framed.
 */
export const frameAncestors = (origin: string | null) => `frame-ancestors ${origin ?? "'none'"}`;

/** The embedded checkout frame's own policy: its one script file, inline styles (its theme), posts to itself. */
export const framePagePolicy = (origin: string | null) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "img-src 'self' https: data:",
    "form-action 'self'",
    "base-uri 'none'",
    frameAncestors(origin),
  ].join("; ");

/** Sent with every page besides the policy: nothing is cached or sniffed. */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
};

/**
 * The customer pages' addresses hold the session id: they send no referrer at all. The other pages (sandbox
 * gateway, admin) send one to this site only, never to another: their server-action forms need it, since
 * under no-referrer a browser posts a form with `Origin: null`, which Next.js refuses as cross-site.
 */
export const referrerPolicy = (customerPage: boolean) => (customerPage ? "no-referrer" : "same-origin");
