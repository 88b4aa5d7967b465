/**
 * Strict-Transport-Security, sent on every response (pages, API, static files, the web server's own 400s) when
 * the public address, APP_URL, is https: a browser that has been here once then never speaks plain http to this
 * host again, for two years. Behind a TLS proxy the app itself hears http, so APP_URL decides, not the request.
 * None for an http APP_URL (a local install): a browser ignores it over http anyway, and it must not stick to
 * localhost.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

export function strictTransportSecurity(appUrl: string): string | null {
  return new URL(appUrl).protocol === "https:" ? STRICT_TRANSPORT_SECURITY : null;
}
