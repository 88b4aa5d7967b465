import { findSandboxPayment } from "@/db/queries/sandbox-payments";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import { listSavedCards } from "@/db/queries/saved-cards";
import { cachedConfig } from "@/lib/core/cache/config-cache";
import type { Ctx } from "@/lib/core/context";
import { REFERENCE_NUMBER } from "@/lib/gateways/reference-number";
import { formatAmount } from "@/lib/core/money/decimal";
import { listCurrencies } from "@/db/queries/currencies";
import { earliestAcceptedExpiry, expiresTooSoon, formatExpiry } from "@/lib/gateways/card-expiry";
import { isOpenPastDeadline } from "./sandbox-deadline";

export interface CardPage {
  reference: string;
  status: string;
  merchantName: string;
  amount: string;
  currency: string;
  canSaveCard: boolean;
  /** The merchant's transaction saves the card (save_card, auto_debit): no choice for the customer, a notice. */
  mustSave: boolean;
  /** Each saved card, and whether it expires before the merchant's min_expiry_time allows (it cannot be chosen). */
  savedCards: { id: string; brand: string; masked: string; expiry: string; tooSoon: boolean }[];
  /** The earliest expiry ("08/2026") a card may have, from the transaction's card_acceptance_criteria; null: any valid card. */
  validUntilAtLeast: string | null;
}

/** What the sandbox's card and 3-D Secure pages show for a payment, or null when there is no such payment. */
export async function loadCardPage({ ctx, input }: { ctx: Ctx; input: { reference: string } }): Promise<CardPage | null> {
  if (!REFERENCE_NUMBER.test(input.reference)) return null;
  const payment = await findSandboxPayment(ctx.db, input.reference);
  if (!payment) return null;
  const [settings, currencies, saved] = await Promise.all([
    cachedSettings(ctx.db),
    cachedConfig("currencies", () => listCurrencies(ctx.db)),
    payment.customer_id ? listSavedCards(ctx.db, payment.customer_id, "sandbox") : Promise.resolve([]),
  ]);
  const decimals = currencies.find((c) => c.code === payment.currency_code)?.decimals ?? 2;
  const minDays = payment.min_card_expiry_days;
  const now = new Date();
  return {
    reference: payment.reference_number,
    // Past its deadline the page takes no card (charge-card.ts) and says so, whether or not anyone has tried.
    status: isOpenPastDeadline(payment) ? "expired" : payment.status,
    merchantName: settings.merchant_name,
    amount: formatAmount(payment.amount, decimals),
    currency: payment.currency_code,
    canSaveCard: payment.customer_id !== null,
    mustSave: payment.must_save && payment.customer_id !== null,
    savedCards: saved.map((c) => ({
      id: c.id,
      brand: c.brand,
      masked: c.masked_number,
      expiry: `${String(c.expiry_month).padStart(2, "0")}/${String(c.expiry_year % 100).padStart(2, "0")}`,
      tooSoon: minDays ? expiresTooSoon({ month: c.expiry_month, year: c.expiry_year }, minDays, now) : false,
    })),
    validUntilAtLeast: minDays ? formatExpiry(earliestAcceptedExpiry(minDays, now)) : null,
  };
}
