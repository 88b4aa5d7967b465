import { findAdminUserById } from "@/db/queries/admin-users";
import type { Ctx } from "@/lib/core/context";
import { type UserCaller, adminCaller } from "./admin-caller";
import { ABSOLUTE_SECONDS, IDLE_SECONDS } from "./admin-session-cookie";

/** What a panel session cookie says (the next-auth JWT's claims, set in next-auth-options.ts). */
export interface PanelSessionClaims {
  uid?: unknown;
  /** Seconds since the epoch, set at sign-in and kept by every renewal: the absolute limit counts from it. */
  signedInAt?: unknown;
  /** The user's session version at sign-in (admin_users.session_version). */
  sv?: unknown;
  /** When the token was last issued (sign-in or renewal by activity): the idle limit counts from it. */
  iat?: unknown;
  [claim: string]: unknown;
}

/** A claim set that clocks disagree about by this much is still taken (the JWT library allows as much). */
const CLOCK_SKEW_SECONDS = 15;

/**
 * THE check of a panel session, made on every request by every page, server action and admin route
 * (lib/panel/admin/signed-in-admin.ts, lib/panel/admin/request-admin.ts) and by /api/auth/session: the administrator the
 * session names, or null when
 * - the claims are missing or malformed (a cookie from before session versions, or not ours),
 * - the session has been idle for ADMIN_IDLE_MINUTES (nothing re-issued the token since),
 * - it was signed in ADMIN_SESSION_HOURS ago or more, however active it has been,
 * - the user is disabled, or
 * - their session version has moved on since this sign-in: they signed out (anywhere), were disabled (even if
 *   enabled again since), or had their password reset.
 * The clock is the server's; nothing the browser keeps (the cookie's own expiry) is trusted.
 */
export async function activeAdmin(ctx: Ctx, claims: PanelSessionClaims | null | undefined): Promise<UserCaller | null> {
  const session = liveSession(claims);
  if (!session) return null;
  const user = await findAdminUserById(ctx.db, session.uid);
  if (!user?.is_active || user.session_version !== session.version) return null;
  return adminCaller(user);
}

/** The session's user and version when its claims are well formed and within both time limits; no database. */
export function liveSession(claims: PanelSessionClaims | null | undefined, nowSeconds = Math.floor(Date.now() / 1000)) {
  const uid = typeof claims?.uid === "string" && /^\d{1,18}$/.test(claims.uid) ? claims.uid : null;
  const { signedInAt, sv, iat } = claims ?? {};
  if (!uid || !isSeconds(signedInAt) || !isSeconds(iat) || !Number.isSafeInteger(sv)) return null;
  if (signedInAt > nowSeconds + CLOCK_SKEW_SECONDS || iat < signedInAt) return null;
  if (nowSeconds - signedInAt >= ABSOLUTE_SECONDS) return null;
  if (nowSeconds - iat >= IDLE_SECONDS) return null;
  return { uid, version: sv as number, signedInAt };
}

const isSeconds = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value > 0;
