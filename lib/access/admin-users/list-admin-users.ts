import { listAdminUsers as list } from "@/db/queries/admin-users";
import type { Ctx } from "@/lib/core/context";

/** Every admin user with what they may do and when they last signed in; never a password hash. */
export async function listAdminUsers({ ctx }: { ctx: Ctx }) {
  return list(ctx.db);
}
