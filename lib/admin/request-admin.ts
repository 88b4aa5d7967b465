import { getToken } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { findAdminUserById } from "@/db/queries/admin-users";
import { type UserCaller, adminCaller } from "@/lib/auth/admin-caller";
import { SECURE_COOKIES, SESSION_COOKIE } from "@/lib/auth/admin-session-cookie";
import type { Ctx } from "@/lib/context";
import { env } from "@/lib/env";

/**
 * The administrator signed in on a route handler's request (the panel's session cookie), read from the database
 * as on every page (a disabled user is out at once); null when there is none. Reads the request itself rather
 * than next/headers, so the handler runs the same under Next.js and in tests.
 */
export async function requestAdmin(ctx: Ctx, request: Request): Promise<UserCaller | null> {
  const secret = env.NEXTAUTH_SECRET;
  if (!secret) return null;
  const req = request instanceof NextRequest ? request : new NextRequest(request);
  const token = await getToken({ req, secret, secureCookie: SECURE_COOKIES, cookieName: SESSION_COOKIE });
  const id = typeof token?.uid === "string" && /^\d{1,18}$/.test(token.uid) ? token.uid : null;
  const user = id ? await findAdminUserById(ctx.db, id) : undefined;
  return user?.is_active ? adminCaller(user) : null;
}
