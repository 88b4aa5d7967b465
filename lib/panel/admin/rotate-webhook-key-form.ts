import { recordAudit } from "@/lib/access/audit/record-audit";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { rotateWebhookKey } from "@/lib/config/settings/rotate-webhook-key";

export interface WebhookKeyFormState {
  /** The new key: in this one answer only, never stored anywhere the panel can read it back. */
  key: string | null;
  message: string | null;
  error: string | null;
  /** The grace period chosen, shown again in the select after the answer (null: the default). */
  grace: string | null;
}

/**
 * The settings page's "Generate key" / "Rotate key" form: superusers only; the new key and the audit entry (the
 * keys masked, the grace period and its end in clear) commit together.
 */
export async function rotateWebhookKeyForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<WebhookKeyFormState> {
  requireSuperuser(input.caller);
  const grace = String(input.form.get("grace") ?? "");
  try {
    const rotated = await ctx.db.transaction().execute(async (db) => {
      const r = await rotateWebhookKey({ ctx: { db }, input: { grace } });
      await recordAudit(db, input.caller, {
        action: r.replaced ? "settings.webhook_key.rotate" : "settings.webhook_key.generate",
        entity: "settings",
        before: { webhook_hmac_key: r.replaced ? "set" : null, rotated_at: r.previous_rotated_at },
        after: { webhook_hmac_key: "new", rotated_at: r.rotated_at, grace_period: r.grace, old_key_signs_until: r.previous_until },
      });
      return r;
    });
    const message = !rotated.replaced
      ? "Webhook key generated."
      : rotated.previous_until
        ? `Webhook key rotated. The old key keeps signing beside the new one until ${rotated.previous_until.toISOString()}.`
        : "Webhook key rotated. The old key no longer signs.";
    return { key: rotated.key, message, error: null, grace };
  } catch (error) {
    if (error instanceof ValidationFailed) return { key: null, message: null, error: Object.values(error.fields).flat().join(" "), grace: null };
    throw error;
  }
}
