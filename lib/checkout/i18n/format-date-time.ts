import { type Language, LOCALES } from "./format-money";

// Made once: an Intl formatter costs about a millisecond to make.
const receiptTime = (language: Language) =>
  new Intl.DateTimeFormat(LOCALES[language], { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
const RECEIPT_TIME: Record<Language, Intl.DateTimeFormat> = { en: receiptTime("en"), ar: receiptTime("ar") };

/**
 * A moment on a receipt in the page's language, in UTC and saying so (the server does not know the customer's
 * time zone): "Nov 23, 2026, 10:15 AM UTC".
 */
export function formatDateTime(iso: string, language: Language): string {
  return RECEIPT_TIME[language].format(new Date(iso));
}

