import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth-options";
import { assertLoginAllowed } from "@/lib/auth/login-throttle";
import { env } from "@/lib/env";
import { TooManyRequests } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";

const nextAuth = NextAuth(authOptions);

export { nextAuth as GET };

// Sign-in attempts past the brute-force budget get 429 with Retry-After before any password is checked.
export async function POST(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  const { nextauth } = await context.params;
  if (nextauth.join("/") === "callback/credentials") {
    const form = await request.clone().formData().catch(() => null);
    const username = String(form?.get("username") ?? "");
    try {
      await assertLoginAllowed(clientIp(request.headers), username);
    } catch (error) {
      if (!(error instanceof TooManyRequests)) throw error;
      return Response.json(
        { detail: error.message, url: `${env.APP_URL}/admin/login?error=TooManyRequests` },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds), "Cache-Control": "no-store" } },
      );
    }
  }
  return nextAuth(request, context);
}
