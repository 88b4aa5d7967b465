import { endAdminSessions } from "@/db/queries/admin-users";
import type { Ctx } from "@/lib/core/context";

/**
 * Signing out: every panel session of the user ends, in every browser, including any copy of a cookie (their
 * session version moves on; lib/access/auth/active-admin.ts). Basic auth is not a session and is not affected.
 */
export async function endAdminUserSessions({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  await endAdminSessions(ctx.db, input.id);
}
