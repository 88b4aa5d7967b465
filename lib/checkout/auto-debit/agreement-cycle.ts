import type { Agreement } from "@/db/types";

// How often an agreement may be charged: one charge a cycle, the cycle counted in whole UTC days from the day of
// the last charge (so a merchant's monthly job may run at any hour of the day the cycle allows). The cycle is
// cycle_interval_days when the agreement has it, otherwise its frequency's calendar period; an agreement with
// neither (or an irregular / other frequency) has no cycle. The same rule runs in SQL, under the agreement row's
// lock (db/queries/auto-debits.ts claimAutoDebit), with PostgreSQL's date arithmetic, which this
// file's nextChargeDate mirrors for the answer's message.

export interface AgreementCycle {
  months: number;
  days: number;
  /** "every 30 days", "every month". */
  words: string;
}

const FREQUENCY_CYCLES: Record<string, AgreementCycle> = {
  daily: { months: 0, days: 1, words: "every day" },
  weekly: { months: 0, days: 7, words: "every week" },
  monthly: { months: 1, days: 0, words: "every month" },
  quarterly: { months: 3, days: 0, words: "every 3 months" },
  semi_annually: { months: 6, days: 0, words: "every 6 months" },
  yearly: { months: 12, days: 0, words: "every year" },
};

export function agreementCycle(agreement: Agreement): AgreementCycle | null {
  const days = agreement.cycle_interval_days;
  if (days) return { months: 0, days, words: days === 1 ? "every day" : `every ${days} days` };
  return (agreement.frequency && FREQUENCY_CYCLES[agreement.frequency]) || null;
}

/** YYYY-MM-DD of a moment, in UTC. */
export const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The first day a charge is allowed after one on `lastDate` (YYYY-MM-DD): months first, as PostgreSQL adds them
 * (Jan 31 + 1 month = Feb 28 or 29), then days.
 */
export function nextChargeDate(lastDate: string, cycle: Pick<AgreementCycle, "months" | "days">): string {
  const [year, month, day] = lastDate.split("-").map(Number) as [number, number, number];
  const months = month - 1 + cycle.months;
  const [y, m] = [year + Math.floor(months / 12), months % 12];
  const lastOfMonth = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return utcDate(new Date(Date.UTC(y, m, Math.min(day, lastOfMonth) + cycle.days)));
}
