import { formatUnits, roundHalfUp, toUnits } from "./decimal";

export interface FeeRule {
  fee_fixed: string;
  fee_percent: string;
}

export interface Fee {
  fee: string;
  total: string;
  description: string;
}

/** A gateway's fee on an amount: fixed + percentage, rounded half up to the currency's places. */
export function computeFee(amount: string, decimals: number, rule: FeeRule, currency: string): Fee {
  // A zero-amount authorization (saving a card) only checks the card: no fee.
  if (toUnits(amount, 6) === 0n) return { fee: formatUnits(0n, decimals), total: formatUnits(0n, decimals), description: "No fee" };
  // At 12 places: amount (6) × percent (4) carries a factor 100 that the division by 100 removes.
  const exact = toUnits(amount, 6) * toUnits(rule.fee_percent, 4) + toUnits(rule.fee_fixed, 6) * 10n ** 6n;
  const fee = roundHalfUp(exact, 12, decimals);
  const total = toUnits(amount, decimals) + fee;
  return { fee: formatUnits(fee, decimals), total: formatUnits(total, decimals), description: describe(rule, decimals, currency) };
}

function describe(rule: FeeRule, decimals: number, currency: string): string {
  const fixed = toUnits(rule.fee_fixed, 6) > 0n ? `${formatUnits(roundHalfUp(toUnits(rule.fee_fixed, 6), 6, decimals), decimals)} ${currency}` : null;
  const percent = toUnits(rule.fee_percent, 4) > 0n ? `${Number(rule.fee_percent)}%` : null;
  const parts = [fixed, percent].filter(Boolean);
  return parts.length ? `Fee: ${parts.join(" + ")}` : "No fee";
}
