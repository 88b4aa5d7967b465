import type { Settings } from "@/db/types";

type KeySettings = Pick<Settings, "webhook_hmac_key" | "webhook_hmac_previous_key" | "webhook_hmac_previous_until">;

/**
 * The keys that sign a webhook sent at `now`: the current one and, during a rotation's grace period, the one it
 * replaced, so receivers still holding the old key keep verifying until they switch.
 */
export function signingKeys(settings: KeySettings, now = new Date()): string[] {
  const { webhook_hmac_key: current, webhook_hmac_previous_key: previous, webhook_hmac_previous_until: until } = settings;
  const keys = current ? [current] : [];
  if (previous && until && until > now && previous !== current) keys.push(previous);
  return keys;
}
