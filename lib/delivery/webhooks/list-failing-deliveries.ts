import { z } from "zod";
import { listFailingDeliveries as list } from "@/db/queries/failing-deliveries";
import type { Caller } from "@/lib/access/auth/permissions";
import { visibleGatewayCodes } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation/parse-input";

export const listFailingDeliveriesInput = z.object({
  before: z.string().regex(/^\d{1,18}$/, "The page cursor must be a delivery id.").optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

/**
 * Webhook deliveries that failed for good or wait for a retry after a failed try, newest first, by keyset pages,
 * each with its last try; a user who is not a superuser sees those of their gateways' transactions only.
 */
export async function listFailingDeliveries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: z.input<typeof listFailingDeliveriesInput> & { caller: Caller };
}) {
  const data = parseInput(listFailingDeliveriesInput, input);
  return list(ctx.db, { ...data, gatewayCodes: visibleGatewayCodes(input.caller) });
}
