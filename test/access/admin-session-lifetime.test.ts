import { decode, encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";

const SECRET = vi.hoisted(() => {
  const secret = "l".repeat(48);
  process.env.NEXTAUTH_SECRET = secret;
  process.env.NEXTAUTH_URL = "http://localhost:9";
  // Small, so that the guessing below costs few password hashes.
  process.env.LOGIN_MAX_FAILURES = "3";
  return secret;
});

import { PanelBrowser } from "../support/panel-browser";
import { setAdminUserActive } from "@/lib/access/admin-users/set-admin-user-active";
import { ABSOLUTE_SECONDS, IDLE_SECONDS, SESSION_COOKIE } from "@/lib/access/auth/admin-session-cookie";
import { env } from "@/lib/core/env";
import { createUser } from "../support/factories";
import { testContext } from "../support/test-context";

// A panel session ends when it should, on the server: ADMIN_SESSION_HOURS after sign-in however active it has
// been, ADMIN_IDLE_MINUTES after the last use of the panel, at once for every browser of a user who signs out or
// is disabled (and being enabled again does not bring those sessions back). The browser here is next-auth's
// real routes and the panel's real checks (test/support/panel-browser.ts); only the clock is moved.

const ctx = testContext();
const now = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock (Date only) forward by `seconds`, from wherever it is. */
function advance(seconds: number) {
  vi.useFakeTimers({ now: Date.now() + seconds * 1000, toFake: ["Date"] });
}

/** A session cookie as next-auth issues it: signed in `signedInAgo` seconds ago, last renewed now. */
function cookieSignedIn(uid: string, signedInAgo: number, sv = 0) {
  return encode({ token: { uid, signedInAt: now() - signedInAgo, sv }, secret: SECRET, maxAge: IDLE_SECONDS });
}

async function signedInBrowser(user: { username: string; password: string }, ip?: string) {
  const browser = new PanelBrowser(ip);
  const response = await browser.signIn(user.username, user.password);
  expect(response.status).toBe(200);
  expect(browser.sessionCookie).toBeTruthy();
  expect((await browser.pageAdmin())?.username).toBe(user.username);
  return browser;
}

describe("the absolute limit: ADMIN_SESSION_HOURS after sign-in", () => {
  it("refuses a cookie signed in longer ago than that, however recently it was renewed", async () => {
    const user = await createUser(ctx);
    const browser = new PanelBrowser();

    browser.sessionCookie = await cookieSignedIn(user.id, ABSOLUTE_SECONDS - 3600);
    expect((await browser.pageAdmin())?.id).toBe(user.id);
    expect((await browser.routeAdmin())?.id).toBe(user.id);

    browser.sessionCookie = await cookieSignedIn(user.id, ABSOLUTE_SECONDS + 3600); // 13 h ago with the default 12
    expect(await browser.pageAdmin()).toBeNull();
    expect(await browser.routeAdmin()).toBeNull();
    expect(await browser.visitPanel()).toBeNull();
    expect(await browser.session()).toEqual({});
    expect(browser.sessionCookie).toBeUndefined(); // /api/auth/session cleared it
  });

  it("holds however busy the administrator is: using the panel and polling /api/auth/session end at the limit", async () => {
    const user = await createUser(ctx);
    const browser = await signedInBrowser(user);
    const signedInAt = now();
    const stolen = browser.copy("203.0.113.9"); // a copy of the cookie, polling /api/auth/session on its own

    // The administrator uses the panel just often enough never to go idle, and polls the session endpoint too.
    while (now() - signedInAt < ABSOLUTE_SECONDS - IDLE_SECONDS) {
      advance(IDLE_SECONDS - 60);
      expect((await browser.visitPanel())?.id).toBe(user.id);
      expect(await browser.session()).toMatchObject({ user: { name: user.username } });
      await stolen.session();
    }
    // Every cookie the browser holds now expires by the limit, whoever issued it.
    const token = await decode({ token: browser.sessionCookie!, secret: SECRET });
    expect(Number(token?.exp)).toBeLessThanOrEqual(signedInAt + ABSOLUTE_SECONDS);
    expect(Date.parse(String((await browser.session()).expires)) / 1000).toBeLessThanOrEqual(signedInAt + ABSOLUTE_SECONDS);

    advance(signedInAt + ABSOLUTE_SECONDS - now());
    for (const holder of [browser, stolen]) {
      expect(await holder.visitPanel()).toBeNull();
      expect(await holder.routeAdmin()).toBeNull();
      expect(await holder.session()).toEqual({});
    }
  });

  it("/api/auth/session renews nothing: polling it does not keep an idle session alive", async () => {
    const user = await createUser(ctx);
    const browser = await signedInBrowser(user);
    const issued = browser.sessionCookie;
    // The cookie's own expiry (its issue time + IDLE_SECONDS): a clock read after sign-in may be a second later.
    const deadline = Number((await decode({ token: issued!, secret: SECRET }))!.exp);
    expect(deadline - now()).toBeLessThanOrEqual(IDLE_SECONDS);
    for (let polled = 0; polled < 5; polled++) {
      advance((IDLE_SECONDS - 120) / 5);
      expect(await browser.session()).toMatchObject({ user: { name: user.username } });
    }
    expect(browser.sessionCookie).toBe(issued);
    expect(Date.parse(String((await browser.session()).expires)) / 1000).toBe(deadline);

    advance(deadline - now());
    expect(await browser.session()).toEqual({});
    expect(await browser.pageAdmin()).toBeNull();
  });

  it("the idle limit: a session unused for ADMIN_IDLE_MINUTES is refused, one used in time goes on", async () => {
    const user = await createUser(ctx);
    const busy = await signedInBrowser(user);
    const idle = await signedInBrowser(user, "192.0.2.77");
    advance(IDLE_SECONDS - 60);
    expect((await busy.visitPanel())?.id).toBe(user.id);
    advance(120);
    expect((await busy.visitPanel())?.id).toBe(user.id);
    expect(await idle.visitPanel()).toBeNull();
    expect(await idle.routeAdmin()).toBeNull();
  });
});

describe("signing out", () => {
  it("ends every session of the user: this browser's cookie, any copy of it, their other browsers", async () => {
    const user = await createUser(ctx);
    const browser = await signedInBrowser(user);
    const copy = browser.copy("203.0.113.7");
    const otherBrowser = await signedInBrowser(user, "192.0.2.44");

    const response = await browser.signOut();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: expect.stringMatching(/\/admin\/login$/) });
    expect(browser.sessionCookie).toBeUndefined();

    for (const holder of [copy, otherBrowser]) {
      expect(await holder.pageAdmin()).toBeNull();
      expect(await holder.visitPanel()).toBeNull();
      expect(await holder.routeAdmin()).toBeNull();
      expect(await holder.session()).toEqual({});
    }
  });

  it("lets the user sign in again at once, in the same second", async () => {
    const user = await createUser(ctx);
    const browser = await signedInBrowser(user);
    vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] }); // the clock stands still
    await browser.signOut();
    await browser.signIn(user.username, user.password);
    expect((await browser.pageAdmin())?.id).toBe(user.id);
  });

  it("ends nothing without the form's CSRF token, nor for other users", async () => {
    const [user, colleague] = [await createUser(ctx), await createUser(ctx)];
    const browser = await signedInBrowser(user);
    const colleagues = await signedInBrowser(colleague, "192.0.2.45");

    await browser.signOut("not-the-token");
    expect((await browser.pageAdmin())?.id).toBe(user.id);

    const copy = browser.copy();
    await browser.signOut();
    expect(await copy.pageAdmin()).toBeNull();
    expect((await colleagues.pageAdmin())?.id).toBe(colleague.id);
  });
});

describe("disabling a user", () => {
  it("ends their sessions, and enabling them again does not bring those sessions back", async () => {
    const user = await createUser(ctx);
    const browser = await signedInBrowser(user);

    await setAdminUserActive({ ctx, input: { id: user.id, active: false } });
    expect(await browser.pageAdmin()).toBeNull();

    await setAdminUserActive({ ctx, input: { id: user.id, active: true } });
    expect(await browser.pageAdmin()).toBeNull();
    expect(await browser.visitPanel()).toBeNull();
    expect(await browser.routeAdmin()).toBeNull();
    expect(await browser.session()).toEqual({});

    // A new sign-in works.
    await signedInBrowser(user);
  });

  it("enabling a user who is already active leaves their sessions alone", async () => {
    const user = await createUser(ctx);
    const browser = await signedInBrowser(user);
    await setAdminUserActive({ ctx, input: { id: user.id, active: true } });
    expect((await browser.pageAdmin())?.id).toBe(user.id);
  });
});

describe("someone else's wrong passwords on the panel's sign-in", () => {
  it("do not lock the owner out; each guessing address gets 429 with Retry-After", async () => {
    const owner = await createUser(ctx);
    const budget = env.LOGIN_MAX_FAILURES;
    // More wrong passwords for the owner's username, from more addresses, than any per-username budget allows.
    for (let a = 1; a <= 6; a++) {
      const guesser = new PanelBrowser(`198.51.100.${a}`);
      for (let i = 0; i < budget; i++) {
        const wrong = await guesser.signIn(owner.username, `guess-${a}-${i}`);
        expect(await wrong.json()).toEqual({ url: expect.stringContaining("error=CredentialsSignin") });
        expect(guesser.sessionCookie).toBeUndefined();
      }
      const refused = await guesser.signIn(owner.username, owner.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(guesser.sessionCookie).toBeUndefined();
    }

    const mine = await signedInBrowser(owner, "192.0.2.200");
    expect((await mine.routeAdmin())?.id).toBe(owner.id);
  });

  it("an address guessing at many usernames is stopped there, and only there", async () => {
    const sprayer = new PanelBrowser("198.51.100.99");
    const target = await createUser(ctx);
    for (let i = 0; i < env.LOGIN_MAX_FAILURES * 5; i++) await sprayer.signIn(`nobody-${i}`, "guess");
    const refused = await sprayer.signIn(target.username, target.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    await signedInBrowser(target, "192.0.2.201");
  });
});

it("the session cookie is named as the panel expects", () => {
  expect(SESSION_COOKIE).toBe("next-auth.session-token");
});
