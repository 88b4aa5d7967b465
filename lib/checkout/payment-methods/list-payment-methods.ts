import { listCustomerCards } from "@/db/queries/saved-cards";
import { canUseGateway, type Caller } from "@/lib/access/auth/permissions";
import { representCards } from "@/lib/checkout/cards/represent-card";
import type { Ctx } from "@/lib/core/context";
import { adapterFor } from "@/lib/gateways/adapters";
import { cachedEnabledGateways } from "@/lib/gateways/cached-gateway-setting";
import { gatewayIconUrl } from "@/lib/gateways/gateway-icon-url";
import { withoutEmpty } from "@/lib/core/validation/loose-fields";
import { parseInput } from "@/lib/core/validation/parse-input";
import { FOLLOW_UPS, type PaymentMethodsAnswer, paymentMethodsRequestSchema } from "./payment-methods-schemas";

type Gateway = Awaited<ReturnType<typeof cachedEnabledGateways>>[number];

function representPaymentMethod(gateway: Gateway, currencies: string[]): PaymentMethodsAnswer["payment_methods"][number] {
  return {
    code: gateway.code,
    name: gateway.name,
    pg: gateway.pg,
    is_sandbox: gateway.is_sandbox,
    // The same logo the transaction's representation shows for this gateway.
    logo: gatewayIconUrl(gateway),
    wallets: [],
    default_currency: gateway.currencies.find((c) => currencies.includes(c)) ?? gateway.currencies[0] ?? "",
    accepted_currencies: gateway.currencies,
    operation: gateway.operation,
    operations: [...FOLLOW_UPS[gateway.operation]],
  };
}

/**
 * `POST /b/pbl/v2/payment-methods/`: the enabled gateways the caller may use that accept every requested
 * currency, are of the requested type (production unless type=sandbox) and match the other filters (ottu-py picks pg_codes from them), and with a customer_id that
 * customer's saved cards on them.
 */
export async function listPaymentMethods({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: Caller; fields: Record<string, unknown> };
}): Promise<PaymentMethodsAnswer> {
  const request = parseInput(paymentMethodsRequestSchema, withoutEmpty(input.fields));
  const currencies = request.currencies ?? [];
  const gateways = (await cachedEnabledGateways(ctx.db)).filter(
    (g) =>
      canUseGateway(input.caller, g.code) &&
      currencies.every((c) => g.currencies.includes(c)) &&
      (request.operation === undefined || g.operation === request.operation) &&
      // tokenizable false is no filter: ottu-py drops it, and it means "not only gateways that save cards".
      (!request.tokenizable || adapterFor(g.pg)?.features.tokenization === true) &&
      (request.pg_names === undefined || request.pg_names.includes(g.pg.toLowerCase())) &&
      // Sandbox gateways only when asked for (type=sandbox): without type, production ones only, so a live
      // checkout never offers a test gateway; the two kinds are never listed together.
      g.is_sandbox === (request.type === "sandbox"),
  );
  const cards =
    request.customer_id === undefined
      ? []
      : await listCustomerCards(ctx.db, { customerId: request.customer_id, gatewayCodes: gateways.map((g) => g.code) });
  return {
    payment_methods: gateways.map((g) => representPaymentMethod(g, currencies)),
    customer_payment_methods: representCards(cards),
  };
}
