import { revokeApiKey as revoke } from "@/db/queries/api-keys";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { isBigintId } from "@/lib/core/validation/bigint-id";

/** Revokes an API key at once; calls with it are refused from then on. */
export async function revokeApiKey({ ctx, input }: { ctx: Ctx; input: { id: string } }) {
  const row = isBigintId(input.id) ? await revoke(ctx.db, input.id) : undefined;
  if (!row) throw new NotFound(`No active API key with id ${input.id}.`);
  return row;
}
