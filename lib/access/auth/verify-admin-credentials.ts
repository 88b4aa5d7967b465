import { findAdminUserByUsername } from "@/db/queries/admin-users";
import type { Ctx } from "@/lib/core/context";
import { adminCaller, type UserCaller } from "./admin-caller";
import { Unauthorized } from "@/lib/core/errors";
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess } from "./login-throttle";
import { UNMATCHABLE_HASH, verifyPassword } from "./password";
import { isRecentlyVerified, rememberVerified } from "./verified-credentials-cache";

/** Checks an admin user's username and password (panel sign-in and Basic auth), with brute-force limits. */
export async function verifyAdminCredentials({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { username: string; password: string; ip: string };
}): Promise<UserCaller> {
  const { username, password, ip } = input;
  await assertLoginAllowed(ip, username);
  const user = await findAdminUserByUsername(ctx.db, username);
  const usable = user !== undefined && user.is_active;
  const verified =
    usable && isRecentlyVerified(username, password, user.password_hash)
      ? true
      : await verifyPassword(password, user?.password_hash ?? UNMATCHABLE_HASH);
  if (!usable || !verified) {
    await recordLoginFailure(ip, username);
    throw new Unauthorized("Invalid username or password.");
  }
  rememberVerified(username, password, user.password_hash);
  await recordLoginSuccess(ip, username);
  return adminCaller(user);
}
