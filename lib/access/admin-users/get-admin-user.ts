import { findAdminUserSummary } from "@/db/queries/admin-users";
import type { Ctx } from "@/lib/core/context";
import { isBigintId } from "@/lib/core/validation/bigint-id";

/** One admin user as the panel shows them, or undefined for an id that names nobody. */
export async function getAdminUser({ ctx, input }: { ctx: Ctx; input: { id: string } }) {
  return isBigintId(input.id) ? findAdminUserSummary(ctx.db, input.id) : undefined;
}
