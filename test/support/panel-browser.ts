import { createRequire } from "node:module";
import { NextRequest } from "next/server";

// A browser for the admin panel's session, in-process: next-auth's own routes (/api/auth/…, through
// app/api/auth/[...nextauth]/route.ts), the panel's page check (sessionAdmin, through next-auth's
// getServerSession) and the admin routes (requestAdmin), each with this browser's cookies and address.
// Import it before anything that loads next-auth, after NEXTAUTH_SECRET and NEXTAUTH_URL are set.
//
// next-auth reads the request's cookies and headers through next/headers, which works only inside Next.js's
// request scope; it loads it with CommonJS require, so the module it gets is patched here to answer with the
// request being made.

export const ORIGIN = process.env.NEXTAUTH_URL ?? "http://localhost:9";

let current: { headers: Headers; cookies: Map<string, string> } = { headers: new Headers(), cookies: new Map() };
const nextHeaders = createRequire(import.meta.url)("next/headers") as Record<string, unknown>;
nextHeaders.headers = async () => current.headers;
nextHeaders.cookies = async () => ({
  getAll: () => [...current.cookies].map(([name, value]) => ({ name, value })),
  get: (name: string) => (current.cookies.has(name) ? { name, value: current.cookies.get(name)! } : undefined),
  has: (name: string) => current.cookies.has(name),
});

const route = await import("@/app/api/auth/[...nextauth]/route");
const { proxy } = await import("@/proxy");
const { sessionAdmin } = await import("@/lib/panel/admin/signed-in-admin");
const { requestAdmin } = await import("@/lib/panel/admin/request-admin");
const { appContext } = await import("@/lib/core/context");
const { SESSION_COOKIE } = await import("@/lib/access/auth/admin-session-cookie");

export class PanelBrowser {
  readonly cookies = new Map<string, string>();

  /** `ip`: the client address (the last X-Forwarded-For entry, as our web server sets it). */
  constructor(readonly ip = "192.0.2.10") {}

  get sessionCookie(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  set sessionCookie(value: string | undefined) {
    if (value === undefined) this.cookies.delete(SESSION_COOKIE);
    else this.cookies.set(SESSION_COOKIE, value);
  }

  private headers(extra: Record<string, string> = {}): Headers {
    const headers = new Headers({ host: new URL(ORIGIN).host, "x-forwarded-for": this.ip, ...extra });
    if (this.cookies.size > 0) headers.set("cookie", [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; "));
    return headers;
  }

  /** A request to next-auth's routes; Set-Cookie answers are kept as a browser keeps them. */
  async auth(method: "GET" | "POST", path: string, form?: Record<string, string>): Promise<Response> {
    const url = new URL(`/api/auth/${path}`, ORIGIN);
    const headers = this.headers(form ? { "content-type": "application/x-www-form-urlencoded" } : {});
    current = { headers, cookies: new Map(this.cookies) };
    const request = new NextRequest(url, { method, headers, body: form ? new URLSearchParams(form) : undefined });
    const context = { params: Promise.resolve({ nextauth: path.split("/") }) };
    const response: Response = await (method === "GET" ? route.GET : route.POST)(request, context);
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((p) => p.trim());
      const eq = pair.indexOf("=");
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      const gone = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()));
      if (gone || value === "") this.cookies.delete(name);
      else this.cookies.set(name, decodeURIComponent(value));
    }
    return response;
  }

  async csrfToken(): Promise<string> {
    return ((await (await this.auth("GET", "csrf")).json()) as { csrfToken: string }).csrfToken;
  }

  /** The login form's sign-in (next-auth's credentials callback, with its CSRF token). */
  async signIn(username: string, password: string): Promise<Response> {
    const csrfToken = await this.csrfToken();
    return this.auth("POST", "callback/credentials", { username, password, csrfToken, json: "true", callbackUrl: `${ORIGIN}/admin` });
  }

  /** The Sign out button (next-auth/react's signOut: its CSRF token, then POST /api/auth/signout). */
  async signOut(csrfToken?: string): Promise<Response> {
    const token = csrfToken ?? (await this.csrfToken());
    return this.auth("POST", "signout", { csrfToken: token, json: "true", callbackUrl: `${ORIGIN}/admin/login` });
  }

  /** `GET /api/auth/session`: the session as next-auth's client reads it. */
  async session(): Promise<Record<string, unknown>> {
    return (await this.auth("GET", "session")).json() as Promise<Record<string, unknown>>;
  }

  /** Who a panel page or server action sees (signedInAdmin's check), or null. */
  async pageAdmin() {
    current = { headers: this.headers(), cookies: new Map(this.cookies) };
    return sessionAdmin();
  }

  /** Opens a panel page: the proxy (which renews the cookie of an active session), then the page's check. */
  async visitPanel(path = "/admin") {
    const response = await proxy(new NextRequest(new URL(path, ORIGIN), { headers: this.headers() }));
    const renewed = response.cookies.get(SESSION_COOKIE);
    if (renewed) this.sessionCookie = renewed.value;
    return this.pageAdmin();
  }

  /** Who an admin route (/api/admin/…) sees, or null. */
  async routeAdmin() {
    return requestAdmin(appContext(), new Request(new URL("/api/admin/transactions", ORIGIN), { headers: this.headers() }));
  }

  /** A copy holding the same cookies (someone who copied the session cookie, or the same user's other tab). */
  copy(ip = this.ip): PanelBrowser {
    const other = new PanelBrowser(ip);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }
}
