import { env } from "@/lib/core/env";

/** The time zone the panel writes times in (ADMIN_TIME_ZONE, default UTC), for pages to hand to client components. */
export const panelTimeZone = (): string => env.ADMIN_TIME_ZONE;
