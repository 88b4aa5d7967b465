import { recordAudit } from "@/lib/access/audit/record-audit";
import { changedFields } from "@/lib/access/audit/changed-fields";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { readSettings } from "@/lib/config/settings/read-settings";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { type SettingsFormValues, settingsFormValues, settingsInput, typedSettings } from "./settings-form-values";

export interface SettingsFormState {
  /** What was typed when the form comes back with errors; what is stored once saved. */
  values: SettingsFormValues;
  errors: FieldErrors;
  saved: string | null;
}

/** The settings the form edits, as the audit log names them. */
const AUDITED = [
  "merchant_name",
  "support_email",
  "support_phone",
  "merchant_website_url",
  "merchant_logo_url",
  "default_redirect_url",
  "default_disclosure_url",
  "default_address",
  "expire_transactions",
  "default_expiration_seconds",
  "legacy_allowed_networks",
  "legacy_multi_step_checkout",
] as const;

/**
 * The panel's settings form, through the same verb (and zod rules) as `npm run admin -- set-config`. Superusers
 * only; the change and its audit entry (before → after of what changed) commit together or not at all.
 */
export async function saveSettingsForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<SettingsFormState> {
  requireSuperuser(input.caller);
  const values = typedSettings(input.form);
  try {
    const saved = await ctx.db.transaction().execute(async (db) => {
      const before = await readSettings({ ctx: { db } });
      const after = await updateSettings({ ctx: { db }, input: settingsInput(values) });
      const change = changedFields(before, after, AUDITED);
      if (change) await recordAudit(db, input.caller, { action: "settings.update", entity: "settings", ...change });
      return after;
    });
    return { values: settingsFormValues(saved), errors: {}, saved: "Settings saved." };
  } catch (error) {
    if (error instanceof ValidationFailed) return { values, errors: error.fields, saved: null };
    throw error;
  }
}
