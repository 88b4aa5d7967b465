import { z } from "zod";
import { updateSettings as update } from "@/db/queries/settings";
import type { SettingsUpdate } from "@/db/types";
import type { Ctx } from "@/lib/context";
import { duration, httpUrl } from "@/lib/validation/common";
import { parseInput } from "@/lib/validation/parse-input";

export const updateSettingsInput = z.object({
  expireTransactions: z.boolean().optional(),
  defaultExpiration: duration.optional(),
  defaultRedirectUrl: httpUrl().nullable().optional(),
  defaultDisclosureUrl: httpUrl().nullable().optional(),
  webhookHmacKey: z
    .string()
    .min(10, "The webhook HMAC key must have at least 10 characters.")
    .max(256, "The webhook HMAC key may have at most 256 characters.")
    .optional(),
  merchantName: z.string().trim().min(1).max(128).optional(),
  merchantWebsiteUrl: httpUrl().nullable().optional(),
  merchantLogoUrl: httpUrl().nullable().optional(),
  supportEmail: z.email("Enter a valid e-mail address.").nullable().optional(),
  supportPhone: z.string().trim().max(32).nullable().optional(),
});

/** Changes the administration panel's settings; only the fields given change. */
export async function updateSettings({ ctx, input }: { ctx: Ctx; input: z.input<typeof updateSettingsInput> }) {
  const d = parseInput(updateSettingsInput, input);
  const changes: SettingsUpdate = {
    expire_transactions: d.expireTransactions,
    default_expiration_seconds: d.defaultExpiration,
    default_redirect_url: d.defaultRedirectUrl,
    default_disclosure_url: d.defaultDisclosureUrl,
    webhook_hmac_key: d.webhookHmacKey,
    merchant_name: d.merchantName,
    merchant_website_url: d.merchantWebsiteUrl,
    merchant_logo_url: d.merchantLogoUrl,
    support_email: d.supportEmail,
    support_phone: d.supportPhone,
  };
  const row = await update(ctx.db, changes);
  // The HMAC key is a secret: callers learn whether one is set, never its value.
  const { webhook_hmac_key, ...rest } = row;
  return { ...rest, webhook_hmac_key_set: webhook_hmac_key !== null };
}
