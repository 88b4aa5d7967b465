/**
 * The date as YYYY-MM-DD when year, month and day name a real day of the Gregorian calendar (no 31 April, no
 * 29 February outside leap years), else null.
 */
export function calendarDate(year: string, month: string, day: string): string | null {
  const iso = `${year.padStart(4, "0")}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}

/** YYYY-MM-DD, or DD/MM/YYYY (days first, as the interface's clients write dates), as YYYY-MM-DD; null otherwise. */
export function readCalendarDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  if (iso) return calendarDate(iso[1]!, iso[2]!, iso[3]!);
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(trimmed);
  return dmy ? calendarDate(dmy[3]!, dmy[2]!, dmy[1]!) : null;
}
