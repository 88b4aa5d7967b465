import { findAdminUserSummary } from "@/db/queries/admin-users";
import type { Db } from "@/db/client";
import { NotFound } from "@/lib/core/errors";
import { isBigintId } from "@/lib/core/validation/bigint-id";

/** The user a change is about, their row locked until the transaction ends (the audit log's "before"). */
export async function findUserToChange(db: Db, id: string) {
  const user = isBigintId(id) ? await findAdminUserSummary(db, id, { lock: true }) : undefined;
  if (!user) throw new NotFound(`No user with id ${id}.`);
  return user;
}
