import { env } from "@/lib/core/env";

// The admin session cookie's settings, shared by next-auth (lib/access/auth/next-auth-options.ts) and the proxy that
// slides it (lib/access/auth/slide-admin-session.ts). Secure whenever the service is reached over https (production
// behind TLS); plain http only serves localhost, where browsers would refuse a Secure cookie.
export const SECURE_COOKIES = env.APP_URL.startsWith("https://");
export const SESSION_COOKIE = `${SECURE_COOKIES ? "__Secure-" : ""}next-auth.session-token`;
/** How long a session lasts without a request: the JWT is re-issued by activity (`iat` is the last one). */
export const IDLE_SECONDS = env.ADMIN_IDLE_MINUTES * 60;
/** The longest a sign-in lasts, active or not: counted from the `signedInAt` claim, which no renewal changes. */
export const ABSOLUTE_SECONDS = env.ADMIN_SESSION_HOURS * 60 * 60;

/**
 * How long a session token issued now may live: the idle time, but never past the absolute limit of its sign-in
 * (0 once that has passed). Every issuer of the cookie uses it: sign-in, `/api/auth/session`, the proxy's renewal.
 */
export function sessionTokenMaxAge(signedInAt: number, nowSeconds = Math.floor(Date.now() / 1000)): number {
  return Math.max(0, Math.min(IDLE_SECONDS, signedInAt + ABSOLUTE_SECONDS - nowSeconds));
}
