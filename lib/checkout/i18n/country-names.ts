import countries from "i18n-iso-countries";
import ar from "i18n-iso-countries/langs/ar.json";
import en from "i18n-iso-countries/langs/en.json";
import { type Language, LOCALES } from "./format-money";

countries.registerLocale(en);
countries.registerLocale(ar);

/** Every ISO 3166-1 country as [alpha-2 code, name in the language], in the language's alphabetical order. */
export function countryChoices(language: Language): [code: string, name: string][] {
  const collator = new Intl.Collator(LOCALES[language]);
  return Object.entries(countries.getNames(language, { select: "official" })).sort(([, a], [, b]) => collator.compare(a, b));
}
