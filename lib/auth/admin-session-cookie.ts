import { env } from "@/lib/env";

// The admin session cookie's settings, shared by next-auth (lib/auth/next-auth-options.ts) and the proxy that
// slides it (lib/auth/slide-admin-session.ts). Secure whenever the service is reached over https (production
// behind TLS); plain http only serves localhost, where browsers would refuse a Secure cookie.
export const SECURE_COOKIES = env.APP_URL.startsWith("https://");
export const SESSION_COOKIE = `${SECURE_COOKIES ? "__Secure-" : ""}next-auth.session-token`;
/** The JWT's lifetime: renewed by activity, so it is the idle timeout. */
export const IDLE_SECONDS = env.ADMIN_IDLE_MINUTES * 60;
/** The longest a sign-in lasts, active or not. */
export const ABSOLUTE_SECONDS = env.ADMIN_SESSION_HOURS * 60 * 60;
