import type { Settings } from "@/db/types";

export type SettingsView = ReturnType<typeof settingsView>;

/**
 * The settings without their secrets: whether a webhook key is set and since when, and until when the key a
 * rotation replaced still signs, never a key itself.
 */
export function settingsView(row: Settings) {
  const { webhook_hmac_key, webhook_hmac_previous_key, webhook_hmac_previous_until, ...rest } = row;
  return {
    ...rest,
    webhook_hmac_key_set: webhook_hmac_key !== null,
    webhook_hmac_previous_key_until: webhook_hmac_previous_key ? webhook_hmac_previous_until : null,
  };
}
