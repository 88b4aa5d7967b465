import { getToken, type JWT } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { activeAdmin } from "@/lib/access/auth/active-admin";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { SECURE_COOKIES, SESSION_COOKIE } from "@/lib/access/auth/admin-session-cookie";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";

/** The claims of the panel session cookie a request carries: null without one, or when it is forged or expired. */
export async function requestSessionClaims(request: Request): Promise<JWT | null> {
  const secret = env.NEXTAUTH_SECRET;
  if (!secret) return null;
  // Headers only: wrapping the request itself would take its body (a sign-out's form) from the handler.
  const req = new NextRequest(request.url, { headers: request.headers });
  return getToken({ req, secret, secureCookie: SECURE_COOKIES, cookieName: SESSION_COOKIE });
}

/**
 * The administrator signed in on a route handler's request (the panel's session cookie), checked as on every
 * page (lib/access/auth/active-admin.ts); null when there is none. Reads the request itself rather than next/headers,
 * so the handler runs the same under Next.js and in tests.
 */
export async function requestAdmin(ctx: Ctx, request: Request): Promise<UserCaller | null> {
  return activeAdmin(ctx, await requestSessionClaims(request));
}
