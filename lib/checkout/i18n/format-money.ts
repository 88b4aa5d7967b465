export type Language = "en" | "ar";

/** Arabic pages write amounts in Arabic-Indic digits with the Arabic decimal and group separators. */
export const LOCALES: Record<Language, string> = { en: "en", ar: "ar-u-nu-arab" };

type Format = (value: Intl.StringNumericLiteral) => string;

// Making an Intl formatter costs about a millisecond, using one microseconds: one per language, currency and
// number of places, kept (a panel list writes a hundred amounts).
const formats = new Map<string, Format>();

function makeFormat(currency: string, decimals: number, language: Language): Format {
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  try {
    const withCurrency = new Intl.NumberFormat(LOCALES[language], { ...options, style: "currency", currency });
    return (value) => withCurrency.format(value);
  } catch {
    // A currency code Intl does not accept: the number, then the code.
    const plain = new Intl.NumberFormat(LOCALES[language], options);
    return (value) => `${plain.format(value)} ${currency}`;
  }
}

/**
 * An exact decimal amount ("86.000") in the page's language with exactly `decimals` places: "KWD 86.000",
 * "٨٦٫٠٠٠ د.ك.". The string is formatted as a decimal, never through a float.
 */
export function formatMoney(amount: string, currency: string, decimals: number, language: Language): string {
  const key = `${language} ${currency} ${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = makeFormat(currency, decimals, language);
    formats.set(key, format);
  }
  return format(amount as Intl.StringNumericLiteral);
}

/** True when a decimal string is zero ("0.000"). */
export const isZeroAmount = (amount: string) => !/[1-9]/.test(amount);
