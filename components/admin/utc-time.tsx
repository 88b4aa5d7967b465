import { DateTime } from "@/components/panel/date-time";

/** The panel's moment under its older name: now DateTime's one format, in the panel's time zone. New code uses DateTime. */
export function UtcTime({ value }: { value: Date | string | null }) {
  return <DateTime value={value} />;
}
