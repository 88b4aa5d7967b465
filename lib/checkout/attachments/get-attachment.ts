import { findAttachmentByToken } from "@/db/queries/transactions";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";

/** An attachment by its unguessable token. */
export async function getAttachment({ ctx, input }: { ctx: Ctx; input: { token: string } }) {
  if (!/^[0-9a-f]{40}$/.test(input.token)) throw new NotFound();
  const found = await findAttachmentByToken(ctx.db, input.token);
  if (!found) throw new NotFound();
  return found;
}
