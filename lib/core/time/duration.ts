// Durations in the interface's form: "HH:MM:SS" or "D HH:MM:SS" (minutes and seconds 00–59).
const FORM = /^(?:(\d{1,4}) )?(\d{1,3}):([0-5]\d):([0-5]\d)$/;

/** Seconds in a duration string, or null when it is not in the interface's form. */
export function parseDuration(text: string): number | null {
  const m = FORM.exec(text.trim());
  if (!m) return null;
  const [, days, hours, minutes, seconds] = m;
  return Number(days ?? 0) * 86_400 + Number(hours) * 3_600 + Number(minutes) * 60 + Number(seconds);
}

/** "01:00:00" under a day, "1 00:00:00" from a day on. */
export function formatDuration(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  const rest = totalSeconds % 86_400;
  const pad = (n: number) => String(n).padStart(2, "0");
  const time = `${pad(Math.floor(rest / 3_600))}:${pad(Math.floor((rest % 3_600) / 60))}:${pad(rest % 60)}`;
  return days > 0 ? `${days} ${time}` : time;
}
