import { lockActiveSuperuserIds } from "@/db/queries/admin-users";
import type { Db } from "@/db/client";
import { ValidationFailed } from "@/lib/core/errors";

/**
 * Locks the active superusers for the rest of the transaction and returns a check for a change that takes a
 * user out of them: the service must keep one (nobody could manage it otherwise). Lock first, before the
 * changed user's own row, so that two such changes always lock in the same order and simply take turns.
 */
export async function lockSuperusers(db: Db) {
  const ids = await lockActiveSuperuserIds(db);
  return function refuseLosingTheLast(userId: string, field: string): void {
    if (ids.length === 1 && ids[0] === userId) {
      throw new ValidationFailed({ [field]: ["This is the last active superuser: make another user a superuser first."] });
    }
  };
}
