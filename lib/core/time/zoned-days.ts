// Calendar days in an IANA time zone, for figures counted per local day (the panel's ADMIN_TIME_ZONE).

const DAY_MS = 86_400_000;

// An Intl formatter costs about a millisecond to make: two per zone, kept (the dashboard reads eighteen times).
const formatters = new Map<string, { day: Intl.DateTimeFormat; clock: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string) {
  let made = formatters.get(timeZone);
  if (!made) {
    made = {
      day: new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
      clock: new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" }),
    };
    formatters.set(timeZone, made);
  }
  return made;
}

/** The calendar day (YYYY-MM-DD) a moment falls on in `timeZone`. */
export function localDay(at: Date, timeZone: string): string {
  return formattersFor(timeZone).day.format(at);
}

/** How far `timeZone`'s clock is ahead of UTC at a moment, in ms. */
function offsetAt(at: Date, timeZone: string): number {
  const p = Object.fromEntries(
    formattersFor(timeZone)
      .clock.formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The moment a calendar day starts in `timeZone`. The offset is read twice because it may differ between UTC
 * midnight and local midnight (a daylight-saving change in between).
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  const guess = utcMidnight - offsetAt(new Date(utcMidnight), timeZone);
  return new Date(utcMidnight - offsetAt(new Date(guess), timeZone));
}

/** The `count` calendar days ending with the one `at` falls on, oldest first (YYYY-MM-DD). */
export function lastLocalDays(at: Date, count: number, timeZone: string): string[] {
  const [year, month, date] = localDay(at, timeZone).split("-").map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - 1, date) - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The day after a calendar day (YYYY-MM-DD). */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
