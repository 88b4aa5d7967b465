import { toUnits } from "@/lib/core/money/decimal";

// Stripe's minor units differ from ISO 4217 for some currencies (docs.stripe.com/currencies): these take whole units.
const ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
// These take thousandths, but only in multiples of ten.
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

const placesOf = (currency: string) => (ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2);

/** An amount ("12.500") in Stripe's minor units, or null when Stripe cannot take it exactly (it is never rounded). */
export function stripeAmount(amount: string, currency: string): number | null {
  const places = placesOf(currency);
  const units = toUnits(amount, places);
  // Our amounts have at most six places: compare there, so that a cut fraction shows.
  if (units * 10n ** BigInt(6 - places) !== toUnits(amount, 6)) return null;
  if (THREE_DECIMAL.has(currency) && units % 10n !== 0n) return null;
  return Number(units);
}

/** Why an amount cannot go to Stripe, for the log or the operation's message. */
export const inexactAmountMessage = (amount: string, currency: string) =>
  `Stripe cannot take ${amount} ${currency} exactly (${THREE_DECIMAL.has(currency) ? "three-decimal currencies in multiples of 0.010" : `${placesOf(currency)} decimal places`}).`;
