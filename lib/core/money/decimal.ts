// Exact decimal money on bigint: amounts are strings on the wire and numeric in the database, never floats.

const DECIMAL = /^(\d{1,12})(?:\.(\d+))?$/;

/** Places after the point in a plain decimal string ("12.50" → 2), or null when it is not one. */
export function decimalPlaces(text: string): number | null {
  const m = DECIMAL.exec(text);
  return m ? (m[2]?.length ?? 0) : null;
}

/** A plain decimal string as an integer count of 10^-scale units; extra places beyond scale are cut. */
export function toUnits(text: string, scale: number): bigint {
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`not a decimal: ${text}`);
  const fraction = (m[2] ?? "").padEnd(scale, "0").slice(0, scale);
  return BigInt(m[1]! + fraction);
}

/** A plain decimal string without trailing zeros after the point ("12.340000" → "12.34", "100.000" → "100"). */
export function trimFraction(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

/** Units of 10^-scale written with exactly `scale` places ("12340", 3 → "12.340"). */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${whole}` : whole;
}

/** Any stored numeric ("12.340000") rewritten with exactly the currency's places. */
export function formatAmount(text: string, decimals: number): string {
  return formatUnits(toUnits(text, decimals), decimals);
}

/** Rounds a non-negative count of 10^-from units to 10^-to units, half up. */
export function roundHalfUp(units: bigint, from: number, to: number): bigint {
  const divisor = 10n ** BigInt(from - to);
  return (units + divisor / 2n) / divisor;
}
