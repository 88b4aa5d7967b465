import { findTransactionView } from "@/db/queries/transactions";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { representTransaction } from "./represent-transaction";

export const SESSION_ID = /^[0-9a-f]{40}$/;

/** A transaction's public representation by session id (the read endpoint needs no credentials). */
export async function getTransaction({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }) {
  if (!SESSION_ID.test(input.sessionId)) throw new NotFound();
  const view = await findTransactionView(ctx.db, input.sessionId);
  if (!view || view.txn.deleted_at) throw new NotFound();
  return representTransaction(view);
}
