import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth-options";
import { assertLoginAllowed } from "@/lib/auth/login-throttle";
import { env } from "@/lib/env";
import { TooManyRequests } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";

const nextAuth = NextAuth(authOptions);

export { nextAuth as GET };

const refusal = (status: number, detail: string, error: string, headers: Record<string, string> = {}) =>
  Response.json({ detail, url: `${env.APP_URL}/admin/login?error=${error}` }, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * next-auth answers a sign-in whose CSRF token is missing or wrong with a 200 (or a redirect) to its sign-in page
 * marked `csrf=true`: nobody is signed in, but the login form took it for a success.
 */
async function refusedForCsrf(response: Response): Promise<boolean> {
  const json = response.headers.get("content-type")?.includes("json");
  const target = response.headers.get("location") ?? (json ? ((await response.clone().json()) as { url?: unknown }).url : null);
  return typeof target === "string" && new URL(target, env.APP_URL).searchParams.get("csrf") === "true";
}

// Sign-in attempts past the brute-force budget get 429 with Retry-After before any password is checked; one
// without a valid CSRF token gets 403.
export async function POST(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  const { nextauth } = await context.params;
  if (nextauth.join("/") !== "callback/credentials") return nextAuth(request, context);
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
