import { formatPanelTime } from "@/lib/panel/admin/format-panel-time";

/**
 * A moment in the panel's one format (`2026-11-26 14:05 UTC+03:00`), in `zone`; machine-readable in dateTime and to
 * the second in its title. For client components, which get the zone from their page; a server component uses DateTime.
 */
export function FormattedTime({ value, zone, otherwise = "—" }: { value: Date | string | null | undefined; zone: string; otherwise?: string }) {
  if (!value) return <>{otherwise}</>;
  const iso = new Date(value).toISOString();
  return (
    <time dateTime={iso} title={`${iso.slice(0, 19).replace("T", " ")} UTC`} className="whitespace-nowrap">
      {formatPanelTime(iso, zone)}
    </time>
  );
}
