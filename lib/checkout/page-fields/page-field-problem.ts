// Why a typed page field is refused. Its own file so the page's messages (lib/checkout/i18n) can name the
// problems without importing the rules that use those messages (no import circle).
export type PageFieldProblem = "required" | "tooLong" | "unstorable" | "country" | "postalCode" | "latitude" | "longitude";
