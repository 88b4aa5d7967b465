import { revokeApiKey } from "@/lib/access/api-keys/revoke-api-key";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { Ctx } from "@/lib/core/context";
import { type ChangeFormState, failedFields } from "./form-state";

/** The panel's revoke button (after its confirmation): the CLI's verb, superusers only, with its audit entry. */
export async function revokeApiKeyForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<ChangeFormState> {
  requireSuperuser(input.caller);
  try {
    const revoked = await ctx.db.transaction().execute(async (db) => {
      const key = await revokeApiKey({ ctx: { db }, input: { id: String(input.form.get("id") ?? "") } });
      await recordAudit(db, input.caller, {
        action: "api_key.revoke",
        entity: "api_key",
        entityId: key.id,
        before: { name: key.name, prefix: key.prefix, revoked_at: null },
        after: { name: key.name, prefix: key.prefix, revoked_at: key.revoked_at },
      });
      return key;
    });
    return { errors: {}, saved: `API key ${revoked.name} revoked.` };
  } catch (error) {
    return { errors: failedFields(error), saved: null };
  }
}
