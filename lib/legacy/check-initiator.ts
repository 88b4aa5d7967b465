import { findAdminUserById } from "@/db/queries/admin-users";
import type { Ctx } from "@/lib/core/context";
import type { FieldErrors } from "@/lib/core/errors";

/** A payment request's initiator must be an active admin user (read afresh: a disabled user initiates nothing). */
export async function checkInitiator(ctx: Ctx, initiator: string): Promise<FieldErrors> {
  const user = await findAdminUserById(ctx.db, initiator);
  return user?.is_active ? {} : { initiator: [`No active admin user has the id ${initiator}.`] };
}
