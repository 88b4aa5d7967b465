import { encode, getToken } from "next-auth/jwt";
import type { NextRequest, NextResponse } from "next/server";
import { env } from "@/lib/env";
import { ABSOLUTE_SECONDS, IDLE_SECONDS, SECURE_COOKIES, SESSION_COOKIE } from "./admin-session-cookie";

/** Renewed at most once a minute: a page's many requests need not each re-sign the cookie. */
const RENEW_AFTER_SECONDS = 60;

/**
 * The idle timeout: the session JWT expires IDLE_SECONDS after it was issued, and every panel request re-issues
 * it (at most once a minute) until ABSOLUTE_SECONDS after sign-in. An idle session's cookie has expired by the
 * time it comes back, so the panel sends its owner to the sign-in page.
 */
export async function slideAdminSession(request: NextRequest, response: NextResponse): Promise<void> {
  const secret = env.NEXTAUTH_SECRET;
  if (!secret) return;
  const token = await getToken({ req: request, secret, secureCookie: SECURE_COOKIES, cookieName: SESSION_COOKIE });
  if (!token || typeof token.iat !== "number") return;
  const now = Math.floor(Date.now() / 1000);
  const signedInAt = typeof token.signedInAt === "number" ? token.signedInAt : token.iat;
  if (now - token.iat < RENEW_AFTER_SECONDS || now - signedInAt >= ABSOLUTE_SECONDS) return;
  const maxAge = Math.min(IDLE_SECONDS, ABSOLUTE_SECONDS - (now - signedInAt));
  const value = await encode({ token: { ...token, signedInAt }, secret, maxAge });
  response.cookies.set(SESSION_COOKIE, value, { httpOnly: true, sameSite: "lax", secure: SECURE_COOKIES, path: "/", maxAge });
}
