import NextAuth from "next-auth";
import { requestSessionClaims } from "@/lib/panel/admin/request-admin";
import { endAdminUserSessions } from "@/lib/access/admin-users/end-admin-user-sessions";
import { activeAdmin } from "@/lib/access/auth/active-admin";
import { ABSOLUTE_SECONDS, IDLE_SECONDS, SECURE_COOKIES, SESSION_COOKIE } from "@/lib/access/auth/admin-session-cookie";
import { authOptions } from "@/lib/access/auth/next-auth-options";
import { assertLoginAllowed } from "@/lib/access/auth/login-throttle";
import { appContext } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { TooManyRequests } from "@/lib/core/errors";
import { clientIp } from "@/lib/core/client-ip";
import { handleRoute } from "@/lib/http/handle-route";

const nextAuth = NextAuth(authOptions);

type Context = { params: Promise<{ nextauth: string[] }> };

const NO_STORE = { "Cache-Control": "no-store" };

const refusal = (status: number, detail: string, error: string, headers: Record<string, string> = {}) =>
  Response.json({ detail, url: `${env.APP_URL}/admin/login?error=${error}` }, { status, headers: { ...NO_STORE, ...headers } });

/**
 * next-auth answers a sign-in whose CSRF token is missing or wrong with a 200 (or a redirect) to its sign-in page
 * marked `csrf=true`: nobody is signed in, but the login form took it for a success.
 */
async function refusedForCsrf(response: Response): Promise<boolean> {
  const json = response.headers.get("content-type")?.includes("json");
  const target = response.headers.get("location") ?? (json ? ((await response.clone().json()) as { url?: unknown }).url : null);
  return typeof target === "string" && new URL(target, env.APP_URL).searchParams.get("csrf") === "true";
}

/**
 * `/api/auth/session`, answered here rather than by next-auth, which would re-issue the cookie for a fresh idle
 * period on every call: the session as lib/access/auth/active-admin.ts judges it, and when it will end if nothing else
 * happens. It renews nothing (only using the panel does), so polling it keeps no session alive; a session that no
 * longer counts gets `{}` and its cookie cleared.
 */
const session = handleRoute<{ nextauth: string[] }>(async (request) => {
  const claims = await requestSessionClaims(request);
  const admin = await activeAdmin(appContext(), claims);
  if (!admin) {
    const sent = request.headers.get("cookie")?.includes(`${SESSION_COOKIE}=`);
    const clear = `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${SECURE_COOKIES ? "; Secure" : ""}`;
    return Response.json({}, { headers: { ...NO_STORE, ...(sent ? { "Set-Cookie": clear } : {}) } });
  }
  const ends = Math.min(Number(claims!.iat) + IDLE_SECONDS, Number(claims!.signedInAt) + ABSOLUTE_SECONDS);
  return Response.json({ user: { name: admin.username }, expires: new Date(ends * 1000).toISOString() }, { headers: NO_STORE });
});

/**
 * Signing out ends every session of the user, in every browser: their session version moves on, so every cookie
 * issued before is refused (a copy of the cookie kept by someone else too). Only once next-auth has accepted the
 * form's CSRF token, and only for a session that still counts (an ended one has nothing left to end). When the
 * database cannot record it, the answer is an error and the cookie stays: the administrator is not told they are
 * out while their sessions still count.
 */
const signOut = handleRoute<{ nextauth: string[] }>(async (request, context) => {
  const ctx = appContext();
  const admin = await activeAdmin(ctx, await requestSessionClaims(request));
  const response = await nextAuth(request, context);
  if (admin && !(await refusedForCsrf(response))) await endAdminUserSessions({ ctx, input: { id: admin.id } });
  return response;
});

export async function GET(request: Request, context: Context) {
  const { nextauth } = await context.params;
  if (nextauth.join("/") === "session") return session(request, context);
  return nextAuth(request, context);
}

// Sign-in attempts past the brute-force budget get 429 with Retry-After before any password is checked; one
// without a valid CSRF token gets 403.
export async function POST(request: Request, context: Context) {
  const { nextauth } = await context.params;
  const action = nextauth.join("/");
  if (action === "session") return session(request, context);
  if (action === "signout") return signOut(request, context);
  if (action !== "callback/credentials") return nextAuth(request, context);
  const form = await request.clone().formData().catch(() => null);
  const username = String(form?.get("username") ?? "");
  try {
    await assertLoginAllowed(clientIp(request.headers), username);
  } catch (error) {
    if (!(error instanceof TooManyRequests)) throw error;
    return refusal(429, error.message, "TooManyRequests", { "Retry-After": String(error.retryAfterSeconds) });
  }
  const response = await nextAuth(request, context);
  if (!(await refusedForCsrf(response))) return response;
  return refusal(403, "The sign-in form has expired or did not come from this site. Load it again and sign in.", "FormExpired");
}
