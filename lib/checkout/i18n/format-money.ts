export type Language = "en" | "ar";

/** Arabic pages write amounts in Arabic-Indic digits with the Arabic decimal and group separators. */
export const LOCALES: Record<Language, string> = { en: "en", ar: "ar-u-nu-arab" };

/**
 * An exact decimal amount ("86.000") in the page's language with exactly `decimals` places: "KWD 86.000",
 * "٨٦٫٠٠٠ د.ك.". The string is formatted as a decimal, never through a float.
 */
export function formatMoney(amount: string, currency: string, decimals: number, language: Language): string {
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  const value = amount as Intl.StringNumericLiteral;
  try {
    return new Intl.NumberFormat(LOCALES[language], { ...options, style: "currency", currency }).format(value);
  } catch {
    // A currency code Intl does not accept: the number, then the code.
    return `${new Intl.NumberFormat(LOCALES[language], options).format(value)} ${currency}`;
  }
}

/** True when a decimal string is zero ("0.000"). */
export const isZeroAmount = (amount: string) => !/[1-9]/.test(amount);
