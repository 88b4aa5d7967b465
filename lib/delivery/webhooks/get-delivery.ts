import { z } from "zod";
import { type DeliveryEntry, findDeliveryDetail } from "@/db/queries/delivery-view";
import type { Caller } from "@/lib/access/auth/permissions";
import { canSeeTransaction } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";

/** A delivery as the panel shows it (its transaction's page, its own page). */
export type DeliveryView = DeliveryEntry;

const DELIVERY_ID = z.string().regex(/^\d{1,18}$/);

/**
 * One webhook delivery as the panel shows it: the body it posts, every try with the headers sent, the answer and
 * the cause of a failure. One of a transaction the caller may not see is not found, as a missing one.
 */
export async function getDelivery({ ctx, input }: { ctx: Ctx; input: { caller: Caller; id: string } }) {
  const found = DELIVERY_ID.safeParse(input.id).success ? await findDeliveryDetail(ctx.db, input.id) : undefined;
  if (!found || !canSeeTransaction(input.caller, found.pg_codes)) throw new NotFound("No such delivery.");
  return found;
}
