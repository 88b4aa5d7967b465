import { encode, getToken } from "next-auth/jwt";
import type { NextRequest, NextResponse } from "next/server";
import { env } from "@/lib/core/env";
import { liveSession } from "./active-admin";
import { SECURE_COOKIES, SESSION_COOKIE, sessionTokenMaxAge } from "./admin-session-cookie";

/** Renewed at most once a minute: a page's many requests need not each re-sign the cookie. */
const RENEW_AFTER_SECONDS = 60;

/**
 * The idle timeout: the session JWT is issued for IDLE_SECONDS, and every panel request re-issues it (at most once
 * a minute, a new `iat`) while it is within its limits, never past ABSOLUTE_SECONDS after sign-in. An idle or spent
 * session is not renewed. This only keeps the browser's copy fresh: whether a session counts is decided by
 * lib/access/auth/active-admin.ts on the request itself (with the database), so renewing a revoked one gains nothing.
 */
export async function slideAdminSession(request: NextRequest, response: NextResponse): Promise<void> {
  const secret = env.NEXTAUTH_SECRET;
  if (!secret) return;
  const token = await getToken({ req: request, secret, secureCookie: SECURE_COOKIES, cookieName: SESSION_COOKIE });
  const now = Math.floor(Date.now() / 1000);
  const session = liveSession(token, now);
  if (!token || !session || now - (token.iat as number) < RENEW_AFTER_SECONDS) return;
  const maxAge = sessionTokenMaxAge(session.signedInAt, now);
  if (maxAge <= 0) return;
  const value = await encode({ token, secret, maxAge });
  response.cookies.set(SESSION_COOKIE, value, { httpOnly: true, sameSite: "lax", secure: SECURE_COOKIES, path: "/", maxAge });
}
