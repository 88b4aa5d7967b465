import { endAdminSessions, updateAdminUser } from "@/db/queries/admin-users";
import { inTransaction } from "@/db/in-transaction";
import type { Ctx } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { findUserToChange } from "./find-user-to-change";
import { lockSuperusers } from "./keep-a-superuser";

/**
 * Disables a user (the panel and Basic auth refuse them from their next request: both read the user from the
 * database) or enables them again. Either ends every panel session they had (lib/access/auth/active-admin.ts), so an
 * enabled user signs in afresh: a cookie from before they were disabled never counts again. `actorId`, the
 * administrator making the change, may not disable themselves, and the last active superuser stays. Returns the
 * user before and after, for the audit log.
 */
export async function setAdminUserActive({ ctx, input }: { ctx: Ctx; input: { id: string; active: boolean; actorId?: string } }) {
  return inTransaction(ctx.db, async (db) => {
    const refuseLosingTheLast = await lockSuperusers(db);
    const before = await findUserToChange(db, input.id);
    if (!input.active) {
      if (before.id === input.actorId) throw new ValidationFailed({ isActive: ["You cannot disable your own account."] });
      if (before.is_superuser) refuseLosingTheLast(before.id, "isActive");
    }
    const after = await updateAdminUser(db, before.id, { is_active: input.active });
    // Enabling someone already active changes nothing, and leaves their sessions alone.
    if (!(before.is_active && input.active)) await endAdminSessions(db, before.id);
    return { before, after };
  });
}
