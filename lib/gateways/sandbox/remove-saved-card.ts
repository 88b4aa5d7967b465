import { findSandboxPayment } from "@/db/queries/sandbox-payments";
import { deleteSavedCard } from "@/db/queries/saved-cards";
import type { Ctx } from "@/lib/context";
import { NotFound } from "@/lib/errors";

/** The customer removes one of their saved cards from the card page; only their own cards can be removed. */
export async function removeSavedCard({ ctx, input }: { ctx: Ctx; input: { reference: string; cardId: string } }) {
  const payment = await findSandboxPayment(ctx.db, input.reference);
  if (!payment?.customer_id || !/^\d{1,18}$/.test(input.cardId)) throw new NotFound();
  await deleteSavedCard(ctx.db, input.cardId, payment.customer_id);
}
