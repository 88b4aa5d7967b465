import { formatDateTime } from "@/lib/checkout/i18n/format-date-time";

/** A moment in the panel (UTC, and saying so), or what to say when there is none. */
export function When({ at, otherwise }: { at: Date | null; otherwise: string }) {
  if (!at) return <>{otherwise}</>;
  const iso = at.toISOString();
  return <time dateTime={iso}>{formatDateTime(iso, "en")}</time>;
}
