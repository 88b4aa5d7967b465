import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { recordAdminLogin } from "@/db/queries/admin-users";
import { appContext } from "@/lib/context";
import { env } from "@/lib/env";
import { TooManyRequests, Unauthorized } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
import { IDLE_SECONDS, SECURE_COOKIES, SESSION_COOKIE } from "./admin-session-cookie";
import { verifyAdminCredentials } from "./verify-admin-credentials";

/** next-auth for the admin panel: username and password of an admin user, a signed JWT session cookie. */
export const authOptions: NextAuthOptions = {
  secret: env.NEXTAUTH_SECRET,
  // The JWT lives for the idle time; proxy.ts renews it while the admin is active (lib/auth/slide-admin-session.ts).
  session: { strategy: "jwt", maxAge: IDLE_SECONDS },
  useSecureCookies: SECURE_COOKIES,
  cookies: {
    sessionToken: { name: SESSION_COOKIE, options: { httpOnly: true, sameSite: "lax", path: "/", secure: SECURE_COOKIES } },
  },
  pages: { signIn: "/admin/login", error: "/admin/login" },
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
          await recordAdminLogin(appContext().db, user.id);
          return { id: user.id, name: user.username };
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
        token.uid = user.id;
        token.signedInAt = Math.floor(Date.now() / 1000);
      }
      return token;
    },
    async session({ session, token }) {
      // What lib/auth/active-admin.ts checks: who, and when they signed in (a password reset ends older sessions).
      if (session.user && typeof token.uid === "string") Object.assign(session.user, { uid: token.uid, signedInAt: token.signedInAt });
      return session;
    },
  },
};
