import type { Address } from "@/db/types";
import { splitNetworks } from "@/lib/core/validation/allowed-networks";
import type { SettingsInput } from "@/lib/config/settings/update-settings";
import type { SettingsView } from "@/lib/config/settings/settings-view";
import { formatDuration } from "@/lib/core/time/duration";

// The settings form's fields by their input names (the address's by their path), and the conversions between
// what the form shows and what the settings verb takes.

const TEXT = [
  "merchantName",
  "supportEmail",
  "supportPhone",
  "merchantWebsiteUrl",
  "merchantLogoUrl",
  "defaultRedirectUrl",
  "defaultDisclosureUrl",
  "legacyAllowedNetworks",
] as const;
const ADDRESS = ["line1", "line2", "city", "state", "country", "postal_code"] as const;

/** The checkboxes: "on" when ticked, "" when not (an unticked box is absent from the form). */
export const CHECKBOXES = ["expireTransactions", "legacyMultiStepCheckout"] as const;

export type SettingsFieldName =
  | (typeof TEXT)[number]
  | `defaultAddress.${(typeof ADDRESS)[number]}`
  | (typeof CHECKBOXES)[number]
  | "defaultExpiration";
export type SettingsFormValues = Record<SettingsFieldName, string>;

const FIELD_NAMES: SettingsFieldName[] = [...TEXT, ...ADDRESS.map((a) => `defaultAddress.${a}` as const), ...CHECKBOXES, "defaultExpiration"];

/** What the form shows for the stored settings. */
export function settingsFormValues(s: SettingsView): SettingsFormValues {
  const address: Partial<Address> = s.default_address ?? {};
  return {
    merchantName: s.merchant_name,
    supportEmail: s.support_email ?? "",
    supportPhone: s.support_phone ?? "",
    merchantWebsiteUrl: s.merchant_website_url ?? "",
    merchantLogoUrl: s.merchant_logo_url ?? "",
    defaultRedirectUrl: s.default_redirect_url ?? "",
    defaultDisclosureUrl: s.default_disclosure_url ?? "",
    ...(Object.fromEntries(ADDRESS.map((a) => [`defaultAddress.${a}`, address[a] ?? ""])) as Record<`defaultAddress.${(typeof ADDRESS)[number]}`, string>),
    expireTransactions: s.expire_transactions ? "on" : "",
    defaultExpiration: formatDuration(s.default_expiration_seconds),
    legacyAllowedNetworks: s.legacy_allowed_networks.join(", "),
    legacyMultiStepCheckout: s.legacy_multi_step_checkout ? "on" : "",
  };
}

/** What was typed, every field as text (a checkbox left unticked is absent from the form: ""). */
export function typedSettings(form: FormData): SettingsFormValues {
  return Object.fromEntries(FIELD_NAMES.map((name) => [name, String(form.get(name) ?? "")])) as SettingsFormValues;
}

/** The settings verb's input: a blank optional field clears it; a blank address (every field) is no address. */
export function settingsInput(v: SettingsFormValues): SettingsInput {
  const orNull = (text: string) => text.trim() || null;
  const address = Object.fromEntries(ADDRESS.map((a) => [a, v[`defaultAddress.${a}`]]));
  const noAddress = ADDRESS.every((a) => address[a]!.trim() === "");
  if (address.line2!.trim() === "") delete address.line2;
  return {
    merchantName: v.merchantName,
    supportEmail: orNull(v.supportEmail),
    supportPhone: orNull(v.supportPhone),
    merchantWebsiteUrl: orNull(v.merchantWebsiteUrl),
    merchantLogoUrl: orNull(v.merchantLogoUrl),
    defaultRedirectUrl: orNull(v.defaultRedirectUrl),
    defaultDisclosureUrl: orNull(v.defaultDisclosureUrl),
    defaultAddress: noAddress ? null : (address as unknown as Address),
    expireTransactions: v.expireTransactions === "on",
    defaultExpiration: v.defaultExpiration,
    legacyAllowedNetworks: splitNetworks(v.legacyAllowedNetworks),
    legacyMultiStepCheckout: v.legacyMultiStepCheckout === "on",
  };
}
