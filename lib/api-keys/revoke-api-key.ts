import { revokeApiKey as revoke } from "@/db/queries/api-keys";
import type { Ctx } from "@/lib/context";
import { NotFound } from "@/lib/errors";

const MAX_ID = 2n ** 63n - 1n; // ids are PostgreSQL bigints

/** Revokes an API key at once; calls with it are refused from then on. */
export async function revokeApiKey({ ctx, input }: { ctx: Ctx; input: { id: string } }) {
  // An id that is no bigint names no key (and would make PostgreSQL fail instead of finding nothing).
  const row = /^\d{1,19}$/.test(input.id) && BigInt(input.id) <= MAX_ID ? await revoke(ctx.db, input.id) : undefined;
  if (!row) throw new NotFound(`No active API key with id ${input.id}.`);
  return row;
}
