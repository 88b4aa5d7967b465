import { listApiKeys as list } from "@/db/queries/api-keys";
import type { Ctx } from "@/lib/core/context";

/** Every API key with its name, prefix and status; never a secret. */
export async function listApiKeys({ ctx }: { ctx: Ctx }) {
  return list(ctx.db);
}
