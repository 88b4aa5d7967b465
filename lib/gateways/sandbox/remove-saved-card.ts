import { findSandboxPayment } from "@/db/queries/sandbox-payments";
import { forgetSandboxToken } from "@/db/queries/sandbox-tokens";
import { deleteCardAgreements, deleteSavedCard, findSavedCard } from "@/db/queries/saved-cards";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";

/**
 * The customer removes one of their saved cards from the card page; only their own cards can be removed, and only
 * while that page's payment still waits for the card (an old tab of a finished payment changes nothing). The
 * agreements it paid lose it (later auto-debits are refused) and the sandbox's vault forgets its token.
 */
export async function removeSavedCard({ ctx, input }: { ctx: Ctx; input: { reference: string; cardId: string } }): Promise<{ removed: boolean }> {
  const payment = await findSandboxPayment(ctx.db, input.reference);
  if (!payment?.customer_id || !/^\d{1,18}$/.test(input.cardId)) throw new NotFound();
  if (payment.status !== "awaiting_card") return { removed: false };
  const card = await findSavedCard(ctx.db, input.cardId, payment.customer_id);
  if (!card) return { removed: false };
  await ctx.db.transaction().execute(async (trx) => {
    await deleteSavedCard(trx, card.id, payment.customer_id!);
    await deleteCardAgreements(trx, card.id);
    await forgetSandboxToken(trx, card.token, card.gateway_code);
  });
  return { removed: true };
}
