import { encode, decode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";

const SECRET = vi.hoisted(() => {
  const secret = "s".repeat(48);
  process.env.NEXTAUTH_SECRET = secret;
  return secret;
});

const { proxy } = await import("@/proxy");
const { IDLE_SECONDS, ABSOLUTE_SECONDS, SESSION_COOKIE } = await import("@/lib/access/auth/admin-session-cookie");

// The admin session's idle timeout (renewed by the proxy while the admin is active) and the refusal of posts
// from other sites, before Next.js runs a server action.

const now = () => Math.floor(Date.now() / 1000);

async function sessionCookie({ issuedAgo, signedInAgo }: { issuedAgo: number; signedInAgo: number }) {
  vi.useFakeTimers({ now: Date.now() - issuedAgo * 1000, toFake: ["Date"] });
  const value = await encode({ token: { uid: "1", signedInAt: now() - signedInAgo + issuedAgo, sv: 0 }, secret: SECRET, maxAge: IDLE_SECONDS });
  vi.useRealTimers();
  return value;
}

function request(path: string, init: { method?: string; headers?: Record<string, string>; cookie?: string } = {}) {
  const headers = { host: "127.0.0.1:3000", ...init.headers, ...(init.cookie ? { cookie: `${SESSION_COOKIE}=${init.cookie}` } : {}) };
  return proxy(new NextRequest(new URL(path, "http://127.0.0.1:3000"), { method: init.method ?? "GET", headers }));
}

describe("admin session cookie", () => {
  it("is renewed by activity after a minute, with a fresh idle lifetime, HttpOnly and SameSite=Lax", async () => {
    const cookie = await sessionCookie({ issuedAgo: 5 * 60, signedInAgo: 5 * 60 });
    const response = await request("/admin/transactions", { cookie });
    const renewed = response.cookies.get(SESSION_COOKIE);
    expect(renewed?.value).toBeTruthy();
    expect(renewed?.httpOnly).toBe(true);
    expect(renewed?.sameSite).toBe("lax");
    expect(renewed?.maxAge).toBe(IDLE_SECONDS);
    const token = await decode({ token: renewed!.value, secret: SECRET });
    expect(token?.uid).toBe("1");
    expect(Number(token?.exp) - now()).toBeGreaterThan(IDLE_SECONDS - 5);
    // The sign-in time is carried over, so the absolute limit still counts from the sign-in.
    expect(Math.abs(Number(token?.signedInAt) - (now() - 5 * 60))).toBeLessThan(3);
  });

  it("is not re-signed within the minute after it was issued, nor outside the admin panel", async () => {
    const fresh = await sessionCookie({ issuedAgo: 10, signedInAgo: 10 });
    expect((await request("/admin", { cookie: fresh })).cookies.get(SESSION_COOKIE)).toBeUndefined();
    const old = await sessionCookie({ issuedAgo: 5 * 60, signedInAgo: 5 * 60 });
    expect((await request("/sandbox/pay/CK1", { cookie: old })).cookies.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("is not renewed once it has been idle longer than the idle time (the JWT has expired)", async () => {
    const idle = await sessionCookie({ issuedAgo: IDLE_SECONDS + 60, signedInAgo: IDLE_SECONDS + 60 });
    expect((await request("/admin", { cookie: idle })).cookies.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("is not renewed past the absolute limit, and a renewal never outlives it", async () => {
    const spent = await sessionCookie({ issuedAgo: 120, signedInAgo: ABSOLUTE_SECONDS + 1 });
    expect((await request("/admin", { cookie: spent })).cookies.get(SESSION_COOKIE)).toBeUndefined();
    const nearlySpent = await sessionCookie({ issuedAgo: 120, signedInAgo: ABSOLUTE_SECONDS - 300 });
    const maxAge = (await request("/admin", { cookie: nearlySpent })).cookies.get(SESSION_COOKIE)?.maxAge;
    // 300 s were left when the cookie was made; the proxy reads the clock a moment later (a second or more when CI
    // starves this process), never earlier.
    expect(maxAge).toBeLessThanOrEqual(300);
    expect(maxAge).toBeGreaterThan(290);
  });

  it("a forged cookie is ignored", async () => {
    expect((await request("/admin", { cookie: "not-a-jwt" })).cookies.get(SESSION_COOKIE)).toBeUndefined();
  });
});

describe("posts from another site", () => {
  it("are refused with a 403 before any server action runs", async () => {
    for (const origin of ["https://evil.example", "null", "http://127.0.0.1:3001"]) {
      const response = await request("/admin/currencies", { method: "POST", headers: { origin, "next-action": "abc" } });
      expect(response.status, origin).toBe(403);
      expect(await response.json()).toEqual({ detail: "Cross-origin request refused." });
    }
  });

  it("the admin panel refuses a POST without an Origin; other pages and same-origin posts go on", async () => {
    expect((await request("/admin/settings", { method: "POST" })).status).toBe(403);
    expect((await request("/admin/settings", { method: "POST", headers: { origin: "http://127.0.0.1:3000" } })).status).toBe(200);
    expect((await request("/sandbox/pay/CK1", { method: "POST" })).status).toBe(200);
    expect((await request("/admin/settings", { headers: { origin: "https://evil.example" } })).status).toBe(200);
  });
});
