import "server-only";
import type { NextAuthOptions } from "next-auth";
import { encode } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { recordAdminLogin } from "@/db/queries/admin-users";
import { appContext } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { TooManyRequests, Unauthorized } from "@/lib/core/errors";
import { clientIp } from "@/lib/core/client-ip";
import { logger } from "@/lib/core/log/logger";
import { IDLE_SECONDS, SECURE_COOKIES, SESSION_COOKIE, sessionTokenMaxAge } from "./admin-session-cookie";
import { verifyAdminCredentials } from "./verify-admin-credentials";

/**
 * next-auth for the admin panel: username and password of an admin user, a signed JWT session cookie. Whether a
 * cookie still counts is decided on the server for every request by lib/access/auth/active-admin.ts (idle and absolute
 * limits, the user's session version); next-auth only issues and clears it.
 */
export const authOptions: NextAuthOptions = {
  secret: env.NEXTAUTH_SECRET,
  // The JWT lives for the idle time; proxy.ts renews it while the admin is active (lib/access/auth/slide-admin-session.ts).
  session: { strategy: "jwt", maxAge: IDLE_SECONDS },
  jwt: {
    // next-auth's own default is 30 days, whatever session.maxAge says: a sign-in cookie never idled out.
    maxAge: IDLE_SECONDS,
    // Whoever issues the token, it lives for the idle time and never past its sign-in's absolute limit.
    encode: (params) =>
      encode({ ...params, maxAge: typeof params.token?.signedInAt === "number" ? sessionTokenMaxAge(params.token.signedInAt) : params.maxAge }),
  },
  useSecureCookies: SECURE_COOKIES,
  cookies: {
    sessionToken: { name: SESSION_COOKIE, options: { httpOnly: true, sameSite: "lax", path: "/", secure: SECURE_COOKIES } },
  },
  pages: { signIn: "/admin/login", error: "/admin/login" },
  logger: {
    // An expired or foreign session cookie is routine (the visitor is simply signed out), not an error.
    error: (code, metadata) =>
      code === "JWT_SESSION_ERROR" ? logger.debug({ code }, "next-auth: session cookie refused") : logger.error({ code, err: metadata }, "next-auth error"),
    warn: (code) => logger.warn({ code }, "next-auth warning"),
    debug: () => {},
  },
  providers: [
    CredentialsProvider({
      name: "Admin",
      credentials: { username: { label: "Username", type: "text" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        const username = credentials?.username ?? "";
        const password = credentials?.password ?? "";
        if (!username || !password) return null;
        const headers = new Headers(req.headers as Record<string, string>);
        try {
          const user = await verifyAdminCredentials({
            ctx: appContext(),
            input: { username, password, ip: clientIp(headers) },
          });
          // The panel's users list shows it; Basic auth calls are not sign-ins and leave it alone.
          const sessionVersion = await recordAdminLogin(appContext().db, user.id);
          return { id: user.id, name: user.username, sessionVersion };
        } catch (error) {
          if (error instanceof Unauthorized) return null;
          if (error instanceof TooManyRequests) throw new Error("TooManyRequests");
          throw error;
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        // The claims lib/access/auth/active-admin.ts checks: who, when they signed in, and their session version then.
        token.uid = user.id;
        token.signedInAt = Math.floor(Date.now() / 1000);
        token.sv = (user as { sessionVersion?: number }).sessionVersion;
      }
      return token;
    },
    async session({ session, token }) {
      // What signedInAdmin (lib/panel/admin/signed-in-admin.ts) hands to lib/access/auth/active-admin.ts.
      if (session.user && typeof token.uid === "string") {
        Object.assign(session.user, { uid: token.uid, signedInAt: token.signedInAt, sv: token.sv, iat: token.iat });
      }
      return session;
    },
  },
};
