import { findAdminUserById } from "@/db/queries/admin-users";
import type { Ctx } from "@/lib/context";
import { type UserCaller, adminCaller } from "./admin-caller";

/** What a panel session cookie says about its administrator (the next-auth JWT's own fields). */
export interface PanelSessionClaims {
  uid?: unknown;
  /** Seconds since the epoch, set at sign-in (next-auth-options.ts) and kept when the session slides. */
  signedInAt?: unknown;
  [claim: string]: unknown;
}

/**
 * The administrator a panel session names, read from the database on every request: null when there is none,
 * when they are disabled (out at once, whatever their cookie says), or when their password was reset after
 * they signed in.
 */
export async function activeAdmin(ctx: Ctx, claims: PanelSessionClaims | null | undefined): Promise<UserCaller | null> {
  const id = typeof claims?.uid === "string" && /^\d{1,18}$/.test(claims.uid) ? claims.uid : null;
  const signedInAt = typeof claims?.signedInAt === "number" ? claims.signedInAt : null;
  if (!id || signedInAt === null) return null;
  const user = await findAdminUserById(ctx.db, id);
  if (!user?.is_active) return null;
  const validAfter = user.sessions_valid_after ? Math.floor(user.sessions_valid_after.getTime() / 1000) : 0;
  // Strictly after: the claims count whole seconds, and a sign-in in the very second of the reset may predate it.
  return signedInAt > validAfter ? adminCaller(user) : null;
}
