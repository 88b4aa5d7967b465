import { LOCAL_HOSTNAMES } from "@/lib/core/env";

export type DemoDataSetting = "auto" | "on" | "off";

export interface DemoDataDecision {
  seed: boolean;
  /** Why, for the start log. */
  reason: string;
}

/** An http(s) URL on this machine only: localhost, 127.0.0.1 or ::1, over plain http. */
export function isLocalHttpUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "http:" && LOCAL_HOSTNAMES.includes(u.hostname);
  } catch {
    return false;
  }
}

/**
 * Whether the first start creates demo data (enabled sandbox gateways, an admin user, an API key). Only where it
 * is clearly a trial, the embedded database and an http://localhost-style APP_URL, or when DEMO_DATA=on says so
 * outright: a deployment on its own database (DATABASE_URL) or on a public https address never gets sandbox
 * gateways a real customer could "pay" with, unless DEMO_DATA=on.
 */
export function decideDemoData(input: { setting: DemoDataSetting; embeddedDatabase: boolean; appUrl: string }): DemoDataDecision {
  if (input.setting === "on") return { seed: true, reason: "DEMO_DATA=on" };
  if (input.setting === "off") return { seed: false, reason: "DEMO_DATA=off" };
  if (!input.embeddedDatabase) return { seed: false, reason: "DATABASE_URL is set (DEMO_DATA=auto seeds only the embedded database)" };
  if (!isLocalHttpUrl(input.appUrl)) {
    return { seed: false, reason: `APP_URL ${input.appUrl} is not a local http address (DEMO_DATA=auto seeds only http://localhost, 127.0.0.1 or [::1])` };
  }
  return { seed: true, reason: "a local trial: the embedded database on a local http APP_URL (DEMO_DATA=auto)" };
}
