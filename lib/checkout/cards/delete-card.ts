import { cachedGatewaySetting } from "@/lib/gateways/cached-gateway-setting";
import { deleteCardAgreements, deleteSavedCard, findCustomerCardByToken } from "@/db/queries/saved-cards";
import { canUseGateway, type Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { adapterFor } from "@/lib/gateways/adapters";
import { logger } from "@/lib/core/log/logger";
import { withoutEmpty } from "@/lib/core/validation/loose-fields";
import { parseInput } from "@/lib/core/validation/parse-input";
import { deleteCardQuerySchema } from "./card-schemas";

const NOT_FOUND = "No saved card with this token for this customer.";

/**
 * `DELETE /b/pbl/v2/card/{token}/?customer_id=…&type=…`: removes a customer's saved card. Another customer's
 * token, one on a gateway the caller may not use, or of the other `type`, is not found, like an unknown one, so
 * that tokens cannot be probed. The card and its agreement links go in one database transaction; the gateway is
 * then asked to forget the token, and a failure there only is logged: the card is deleted on our side.
 */
export async function deleteCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: Caller; token: string; query: Record<string, unknown> };
}): Promise<void> {
  const query = parseInput(deleteCardQuerySchema, withoutEmpty(input.query));
  const card = await findCustomerCardByToken(ctx.db, input.token, query.customer_id);
  if (!card || !canUseGateway(input.caller, card.gateway_code) || (query.type !== undefined && card.is_sandbox !== (query.type === "sandbox"))) {
    throw new NotFound(NOT_FOUND);
  }
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    // A concurrent delete of the same card updates nothing here: only one request answers 204.
    const result = await deleteSavedCard(trx, card.id, query.customer_id);
    if (Number(result.numUpdatedRows) === 0) return false;
    await deleteCardAgreements(trx, card.id);
    return true;
  });
  if (!deleted) throw new NotFound(NOT_FOUND);
  await forgetAtGateway(ctx, card);
}

async function forgetAtGateway(ctx: Ctx, card: { id: string; token: string; gateway_code: string }) {
  try {
    const gateway = await cachedGatewaySetting(ctx.db, card.gateway_code);
    const adapter = gateway ? adapterFor(gateway.pg) : null;
    if (gateway && adapter?.removeToken) await adapter.removeToken(ctx, gateway, card.token);
  } catch (error) {
    logger.error({ err: error, card_id: card.id, gateway_code: card.gateway_code }, "the gateway did not forget a deleted saved card");
  }
}
