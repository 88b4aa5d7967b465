import type { GatewayView } from "@/db/queries/transactions";
import { adapterFor } from "@/lib/gateways/adapters";

/**
 * The gateways a pay action may start on, in order: the customer's choice first, then the transaction's other
 * gateways that could take the same payment (enabled, started by this build, taking its currency, of the chosen
 * gateway's operation and mode, saving cards when the transaction saves the customer's card), highest priority
 * first and, at equal priority, in pg_codes order. Priority is the
 * merchant's standing preference, set once per gateway setting; pg_codes is each transaction's list, often copied
 * from the payment methods: so priority decides, and pg_codes keeps equal ones (all 0 by default) as they were.
 */
export function paymentRoute(
  txn: { pg_codes: string[]; currency_code: string; payment_type: string },
  gateways: GatewayView[],
  chosen: GatewayView,
): GatewayView[] {
  const fallbacks = txn.pg_codes
    .map((code) => gateways.find((g) => g.code === code))
    .filter(
      (g): g is GatewayView =>
        g !== undefined &&
        g.code !== chosen.code &&
        g.enabled &&
        adapterFor(g.pg) !== null &&
        // save_card and auto_debit keep the card for later charges: never on a gateway that cannot.
        (txn.payment_type === "one_off" || adapterFor(g.pg)!.features.tokenization) &&
        g.currencies.includes(txn.currency_code) &&
        g.operation === chosen.operation &&
        g.is_sandbox === chosen.is_sandbox,
    );
  // A stable sort: equal priorities keep their pg_codes order.
  return [chosen, ...fallbacks.sort((a, b) => b.priority - a.priority)];
}
