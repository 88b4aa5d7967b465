import { revokeApiKey as revoke } from "@/db/queries/api-keys";
import type { Ctx } from "@/lib/context";
import { NotFound } from "@/lib/errors";

/** Revokes an API key at once; calls with it are refused from then on. */
export async function revokeApiKey({ ctx, input }: { ctx: Ctx; input: { id: string } }) {
  const row = await revoke(ctx.db, input.id);
  if (!row) throw new NotFound(`No active API key with id ${input.id}.`);
  return row;
}
