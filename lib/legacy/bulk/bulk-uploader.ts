import { findAdminUserByUsername, findFirstActiveSuperuser } from "@/db/queries/admin-users";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";

/**
 * Who a bulk upload from the shell acts as: the active admin user named, else the first superuser created.
 * The rows are created with that user's gateways and permissions, and name them as initiator by default.
 */
export async function bulkUploader(ctx: Ctx, username: string | undefined): Promise<UserCaller> {
  const user = username === undefined ? await findFirstActiveSuperuser(ctx.db) : await findAdminUserByUsername(ctx.db, username);
  if (user?.is_active) return adminCaller(user);
  throw new DomainError(
    username === undefined ? "There is no active superuser to act as: name an admin user with --as USERNAME." : `No active admin user is named ${username}.`,
  );
}
