import type { Agreement } from "@/db/types";
import { type AgreementFrequency, checkoutMessages } from "@/lib/checkout/i18n/checkout-messages";
import { formatMoney, type Language, LOCALES } from "@/lib/checkout/i18n/format-money";

// What the customer agrees to on an auto_debit payment page, in the page's language: who may charge the card
// later and under which agreement, then the agreement's terms in a few short phrases (amount, schedule, period,
// seller), then that the card is saved. Only what the agreement says is shown; a missing field adds nothing.

export interface AgreementSummary {
  /** "By paying, you agree that E2E Store may charge this card later without asking you again, under agreement sub-42:" */
  lead: string;
  /** The lead around the agreement's id, which the page isolates (<bdi>): an id in Latin letters in Arabic text. */
  leadParts: [before: string, agreementId: string, after: string];
  /** "the same amount, KWD 86.000, each time", "monthly (every 30 days), 12 times", "from Jan 1, 2027 until Dec 31, 2027" */
  terms: string[];
  /** "Your card will be saved with the payment provider for these charges." */
  cardSaved: string;
}

export interface SummaryContext {
  merchant: string;
  /** The transaction's amount: a fixed-amount agreement charges it each time. */
  amount: string;
  currency: string;
  decimals: number;
  language: Language;
}

/** A YYYY-MM-DD date in the page's language: "Jan 1, 2027", "١ يناير ٢٠٢٧". */
export function formatAgreementDate(date: string, language: Language): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(LOCALES[language], { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(parsed);
}

const isFrequency = (value: string | undefined): value is AgreementFrequency =>
  value !== undefined && ["irregular", "daily", "weekly", "monthly", "quarterly", "semi_annually", "yearly", "other"].includes(value);

export function agreementSummary(agreement: Agreement, context: SummaryContext): AgreementSummary {
  const { language } = context;
  const t = checkoutMessages(language).agreement;
  const money = (amount: string) => formatMoney(amount, context.currency, context.decimals, language);
  const written = (n: number) => new Intl.NumberFormat(LOCALES[language]).format(n);
  const terms: string[] = [];

  if (agreement.amount_variability === "fixed") terms.push(t.sameAmount(money(context.amount)));
  else if (agreement.max_amount_per_cycle) terms.push(t.varyingAmountUpTo(money(agreement.max_amount_per_cycle)));
  else if (agreement.amount_variability === "variable") terms.push(t.varyingAmount);

  // "monthly (every 30 days)": the frequency's word, the interval's exact days.
  const interval = agreement.cycle_interval_days ? t.everyDays(agreement.cycle_interval_days, written(agreement.cycle_interval_days)) : null;
  const frequency = isFrequency(agreement.frequency) ? t.frequencies[agreement.frequency] : null;
  const cadence = frequency && interval ? `${frequency} (${interval})` : (frequency ?? interval);
  const cycles = agreement.total_cycles;
  const schedule: Record<Agreement["type"], (string | null)[]> = {
    recurring: [cadence, cycles ? t.times(cycles, written(cycles)) : null],
    installment: [cycles ? t.instalments(cycles, written(cycles)) : null, cadence],
    unscheduled: [t.whenNeeded],
    event_based: [t.afterEvent],
  };
  const when = (schedule[agreement.type] ?? []).filter((piece): piece is string => !!piece);
  if (when.length > 0) terms.push(when.join(language === "ar" ? "، " : ", "));

  const from = agreement.start_date ? formatAgreementDate(agreement.start_date, language) : null;
  const until = agreement.expiry_date ? formatAgreementDate(agreement.expiry_date, language) : null;
  if (from && until) terms.push(t.fromUntil(from, until));
  else if (from) terms.push(t.from(from));
  else if (until) terms.push(t.until(until));

  const seller = agreement.seller?.name ?? agreement.seller?.short_name;
  if (seller) terms.push(t.onBehalfOf(seller));

  const [before, after] = t.lead(context.merchant);
  return { lead: `${before}${agreement.id}${after}`, leadParts: [before, agreement.id, after], terms, cardSaved: t.cardSaved };
}

/** The summary as one paragraph (the lead, the terms, the saved card), as a screen reader or a test reads it. */
export function agreementSummaryText(summary: AgreementSummary, language: Language): string {
  const t = checkoutMessages(language).agreement;
  const terms = summary.terms.length > 0 ? ` ${summary.terms.join(t.separator)}.` : "";
  return `${summary.lead}${terms} ${summary.cardSaved}`;
}
