/**
 * The merchant origin framing an embedded checkout attempt's page (card page, 3-D Secure, result), copied by
 * proxy.ts from the attempt into this request header for the page to read. The proxy always sets or removes it,
 * so a client cannot send its own.
 */
export const EMBED_ORIGIN_HEADER = "x-checkout-embed-origin";
