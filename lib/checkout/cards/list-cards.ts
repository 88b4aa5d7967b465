import { listCustomerCards } from "@/db/queries/saved-cards";
import { canUseGateway, type Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { withoutEmpty } from "@/lib/core/validation/loose-fields";
import { parseInput } from "@/lib/core/validation/parse-input";
import { listCardsRequestSchema } from "./card-schemas";
import { representCards } from "./represent-card";

/**
 * `POST /b/pbl/v2/card/`: a customer's saved cards, newest saved or used first. A merchant sees only cards on
 * gateways it may use (a Basic user, that user's gateway codes); deleted cards never appear.
 */
export async function listCards({ ctx, input }: { ctx: Ctx; input: { caller: Caller; fields: Record<string, unknown> } }) {
  const request = parseInput(listCardsRequestSchema, withoutEmpty(input.fields));
  const cards = await listCustomerCards(ctx.db, {
    customerId: request.customer_id,
    gatewayCodes: request.pg_codes,
    isSandbox: request.type === undefined ? undefined : request.type === "sandbox",
    agreementId: request.agreement_id,
  });
  // Scoped before the preferred card is chosen: it is the newest among those this caller may see.
  return representCards(cards.filter((card) => canUseGateway(input.caller, card.gateway_code)));
}
