import { panelTimeZone } from "@/lib/panel/admin/panel-time-zone";
import { FormattedTime } from "./formatted-time";

/**
 * A moment as every panel screen writes it: `2026-11-26 14:05 UTC+03:00` in the panel's time zone
 * (ADMIN_TIME_ZONE), or `otherwise` (default "—") when there is none. Server components only; a client component
 * takes the zone from its page and uses FormattedTime.
 */
export function DateTime({ value, otherwise }: { value: Date | string | null | undefined; otherwise?: string }) {
  return <FormattedTime value={value} zone={panelTimeZone()} otherwise={otherwise} />;
}
