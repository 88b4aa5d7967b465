import { z } from "zod";
import { updateSettings as update } from "@/db/queries/settings";
import type { SettingsUpdate } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import { allowedNetworksSchema } from "@/lib/core/validation/allowed-networks";
import { billingAddressSchema } from "@/lib/checkout/transactions/transaction-fields";
import { duration, httpUrl } from "@/lib/core/validation/common";
import { parseInput } from "@/lib/core/validation/parse-input";
import { settingsView } from "./settings-view";

export const updateSettingsInput = z.object({
  expireTransactions: z.boolean().optional(),
  defaultExpiration: duration.optional(),
  defaultRedirectUrl: httpUrl().nullable().optional(),
  defaultDisclosureUrl: httpUrl().nullable().optional(),
  // The billing address's own rules: it stands in for the address fields a request leaves out.
  defaultAddress: billingAddressSchema.nullable().optional(),
  webhookHmacKey: z
    .string()
    .min(10, "The webhook HMAC key must have at least 10 characters.")
    .max(256, "The webhook HMAC key may have at most 256 characters.")
    .optional(),
  merchantName: z.string().trim().min(1, "Enter the merchant's name.").max(128, "The merchant's name may have at most 128 characters.").optional(),
  merchantWebsiteUrl: httpUrl().nullable().optional(),
  merchantLogoUrl: httpUrl().nullable().optional(),
  supportEmail: z.email("Enter a valid e-mail address.").nullable().optional(),
  supportPhone: z.string().trim().max(32, "The support phone may have at most 32 characters.").nullable().optional(),
  // The legacy /pos/ interface: callers allowed without credentials, and the multi-step checkout.
  legacyAllowedNetworks: allowedNetworksSchema.optional(),
  legacyMultiStepCheckout: z.boolean().optional(),
});

export type SettingsInput = z.input<typeof updateSettingsInput>;

/** Changes the administration panel's settings; only the fields given change. */
export async function updateSettings({ ctx, input }: { ctx: Ctx; input: SettingsInput }) {
  const d = parseInput(updateSettingsInput, input);
  const changes: SettingsUpdate = {
    expire_transactions: d.expireTransactions,
    default_expiration_seconds: d.defaultExpiration,
    default_redirect_url: d.defaultRedirectUrl,
    default_disclosure_url: d.defaultDisclosureUrl,
    default_address: d.defaultAddress === undefined ? undefined : d.defaultAddress && JSON.stringify(d.defaultAddress),
    merchant_name: d.merchantName,
    merchant_website_url: d.merchantWebsiteUrl,
    merchant_logo_url: d.merchantLogoUrl,
    support_email: d.supportEmail,
    support_phone: d.supportPhone,
    legacy_allowed_networks: d.legacyAllowedNetworks,
    legacy_multi_step_checkout: d.legacyMultiStepCheckout,
  };
  // A key given outright replaces the old one at once (no grace period: see rotate-webhook-key.ts for that).
  if (d.webhookHmacKey !== undefined) {
    Object.assign(changes, {
      webhook_hmac_key: d.webhookHmacKey,
      webhook_hmac_key_rotated_at: new Date(),
      webhook_hmac_previous_key: null,
      webhook_hmac_previous_until: null,
    });
  }
  return settingsView(await update(ctx.db, changes));
}
