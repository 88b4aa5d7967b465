import { REQUIRED, type LegacyVariant } from "./legacy-fields";
import type { LegacySettings } from "./legacy-settings";

export interface RequiredLegacyField {
  field: string;
  /** The field error a request without it gets. */
  message: string;
}

const REQUIRED_MESSAGE = "This field is required.";

/**
 * The fields a legacy request of `variant` must carry under these settings: the spec's table for the variant and,
 * in e-commerce only, what the settings cannot default — the redirect and disclosure URLs when the admin set none
 * (the table's "optional if set in administration") and the page options while the multi-step checkout is on. A
 * payment request needs neither URL (the table: optional): without a disclosure URL no result is posted, without
 * a redirect URL the customer stays on the result page. The bulk page lists the same fields before an upload.
 */
export function requiredLegacyFields(
  variant: LegacyVariant,
  settings: Pick<LegacySettings, "default_redirect_url" | "default_disclosure_url" | "legacy_multi_step_checkout">,
): RequiredLegacyField[] {
  const required: RequiredLegacyField[] = REQUIRED[variant].map((field) => ({ field, message: REQUIRED_MESSAGE }));
  if (variant !== "e_commerce") return required;
  if (!settings.default_redirect_url) {
    required.push({ field: "redirect_url", message: "This field is required: the admin settings have no default redirect URL." });
  }
  if (!settings.default_disclosure_url) {
    required.push({ field: "disclosure_url", message: "This field is required: the admin settings have no default disclosure URL." });
  }
  if (settings.legacy_multi_step_checkout) {
    for (const field of ["capture_address", "capture_delivery"]) {
      required.push({ field, message: "This field is required while the multi-step checkout is on: send true or false." });
    }
  }
  return required;
}
