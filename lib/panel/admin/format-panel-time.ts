// Intl formatters cost about a millisecond each to make and microseconds to use: one of each per zone, kept, so a
// list of fifty rows does not spend fifty milliseconds making them.
const formatters = new Map<string, { moment: Intl.DateTimeFormat; offset: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string) {
  let made = formatters.get(timeZone);
  if (!made) {
    made = {
      moment: new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
      offset: new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }),
    };
    formatters.set(timeZone, made);
  }
  return made;
}

/**
 * The panel's one way of writing a moment: `2026-11-26 14:05 UTC+03:00` in the given IANA time zone (plain `UTC`
 * when the offset is zero), so every screen reads alike and says which zone it is in. Pure: the server and the
 * browser write the same text.
 */
export function formatPanelTime(value: Date | string, timeZone = "UTC"): string {
  const at = new Date(value);
  const parts = Object.fromEntries(formattersFor(timeZone).moment.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${zoneLabel(at, timeZone)}`;
}

/** `UTC`, or the zone's offset at that moment as `UTC+03:00` / `UTC-04:30`. */
export function zoneLabel(at: Date, timeZone: string): string {
  const name = formattersFor(timeZone).offset.formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
  // A zero offset is "GMT" or "GMT+00:00" depending on the ICU data; any other "GMT+03:00".
  return !name || /^GMT([+-]00:00)?$/.test(name) ? "UTC" : name.replace("GMT", "UTC");
}
