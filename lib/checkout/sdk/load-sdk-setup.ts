import { listCustomerCards } from "@/db/queries/saved-cards";
import { findTransactionView, type TransactionView } from "@/db/queries/transactions";
import { representCards } from "@/lib/checkout/cards/represent-card";
import { lastFour } from "@/lib/checkout/transactions/represent-transaction";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import type { Ctx } from "@/lib/core/context";
import { Conflict, NotFound } from "@/lib/core/errors";
import { computeFee } from "@/lib/core/money/compute-fee";
import { formatAmount } from "@/lib/core/money/decimal";
import { adapterFor } from "@/lib/gateways/adapters";
import { expiresTooSoon } from "@/lib/gateways/card-expiry";
import { gatewayIconUrl } from "@/lib/gateways/gateway-icon-url";
import type { SdkSetup } from "./sdk-schemas";
import { unpayableMessage } from "./unpayable";

export const NO_SUCH_TRANSACTION = "No such transaction.";

/**
 * What the Checkout SDK needs to render a transaction's payment (the SDK's GET, and create's preload): amount,
 * merchant, deadline, the enabled payment methods with their fees and flow, the customer's saved cards. Unknown or
 * deleted: NotFound; no longer payable (paid, expired, canceled …): Conflict saying so. Reads only.
 */
export async function loadSdkSetup({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<SdkSetup> {
  if (!SESSION_ID.test(input.sessionId)) throw new NotFound(NO_SUCH_TRANSACTION);
  const [view, settings] = await Promise.all([findTransactionView(ctx.db, input.sessionId), cachedSettings(ctx.db)]);
  if (!view || view.txn.deleted_at) throw new NotFound(NO_SUCH_TRANSACTION);
  const { txn, decimals } = view;
  const refusal = unpayableMessage(txn);
  if (refusal) throw new Conflict(refusal);

  const amount = formatAmount(txn.amount, decimals);
  const methods = paymentMethods(view);
  return {
    session_id: txn.session_id,
    type: txn.type as SdkSetup["type"],
    state: txn.state as SdkSetup["state"],
    operation: txn.operation,
    payment_type: txn.payment_type,
    amount,
    currency_code: txn.currency_code,
    decimals,
    formatted_amount: `${amount} ${txn.currency_code}`,
    language: txn.language === "ar" ? "ar" : "en",
    merchant: { name: settings.merchant_name, logo_url: settings.merchant_logo_url },
    customer_id: txn.customer_id,
    expires_at: txn.expires_at.toISOString(),
    expires_in_seconds: Math.max(1, Math.floor((txn.expires_at.getTime() - Date.now()) / 1000)),
    payment_methods: methods,
    cards: await savedCards(ctx, view, methods.filter((m) => m.saves_cards).map((m) => m.pg_code)),
  };
}

/** The transaction's enabled gateways this build can start, in its pg_codes order. */
function paymentMethods(view: TransactionView): SdkSetup["payment_methods"] {
  const { txn, decimals } = view;
  return txn.pg_codes.flatMap((code) => {
    const gateway = view.gateways.find((g) => g.code === code);
    const adapter = gateway?.enabled ? adapterFor(gateway.pg) : null;
    if (!gateway || !adapter) return [];
    const fee = computeFee(txn.amount, decimals, gateway, txn.currency_code);
    return [
      {
        pg_code: gateway.code,
        name: gateway.name,
        icon: gatewayIconUrl(gateway),
        is_sandbox: gateway.is_sandbox,
        amount: formatAmount(txn.amount, decimals),
        fee: fee.fee,
        fee_description: fee.description,
        total: fee.total,
        flow: adapter.features.framedPage ? "frame" : "redirect",
        saves_cards: adapter.features.tokenization,
      },
    ];
  });
}

/** The customer's saved cards on the given gateways, masked to the last four digits, newest first. */
async function savedCards(ctx: Ctx, view: TransactionView, codes: string[]): Promise<SdkSetup["cards"]> {
  const { txn } = view;
  if (!txn.customer_id || codes.length === 0) return [];
  const cards = await listCustomerCards(ctx.db, { customerId: txn.customer_id, gatewayCodes: codes });
  const now = new Date();
  const minDays = txn.card_acceptance_criteria?.min_expiry_time ?? 0;
  return representCards(cards, now).map((card, i) => {
    const stored = cards[i]!;
    const expiry = { month: stored.expiry_month, year: stored.expiry_year < 100 ? 2000 + stored.expiry_year : stored.expiry_year };
    return {
      token: card.token,
      pg_code: card.pg_code,
      brand: card.brand,
      last4: lastFour(stored.masked_number),
      expiry_month: card.expiry_month,
      expiry_year: card.expiry_year,
      is_preferred: card.is_preferred,
      is_expired: card.is_expired,
      is_usable: !card.is_expired && !expiresTooSoon(expiry, minDays, now),
    };
  });
}
