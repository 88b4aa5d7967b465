import { z } from "zod";
import { createApiKey, createApiKeyInput } from "@/lib/access/api-keys/create-api-key";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { Ctx } from "@/lib/core/context";
import type { FieldErrors } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation/parse-input";
import { failedFields } from "./form-state";

export interface CreateApiKeyFormState {
  values: { name: string; expiresOn: string };
  errors: FieldErrors;
  /** The new key, private part included: in this one answer only (it is stored as a hash). */
  created: { id: string; name: string; prefix: string; key: string; expiresAt: string | null } | null;
}

export const NEW_API_KEY_VALUES: CreateApiKeyFormState["values"] = { name: "", expiresOn: "" };

// The panel asks for a day; the key stops working at the start of it (UTC), which must be still to come.
const apiKeyForm = z.object({
  name: createApiKeyInput.shape.name,
  expiresOn: z.preprocess(
    (day) => (day === "" ? undefined : day),
    z.iso
      .date("Enter the expiry date as YYYY-MM-DD.")
      .transform((day) => new Date(`${day}T00:00:00Z`))
      .refine((date) => date > new Date(), "The expiry date must be after today (UTC).")
      .optional(),
  ),
});

/**
 * The panel's "create an API key" form: the CLI's verb and name rule, superusers only. The key is in the answer
 * once, never again; the audit entry keeps its name, prefix and expiry.
 */
export async function createApiKeyForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<CreateApiKeyFormState> {
  requireSuperuser(input.caller);
  const values = { name: String(input.form.get("name") ?? ""), expiresOn: String(input.form.get("expiresOn") ?? "").trim() };
  try {
    const data = parseInput(apiKeyForm, values);
    const created = await ctx.db.transaction().execute(async (db) => {
      const key = await createApiKey({ ctx: { db }, input: { name: data.name, expiresAt: data.expiresOn } });
      const after = { name: key.name, prefix: key.prefix, expires_at: key.expires_at };
      await recordAudit(db, input.caller, { action: "api_key.create", entity: "api_key", entityId: key.id, after });
      return key;
    });
    const { id, name, prefix, key, expires_at } = created;
    return { values: NEW_API_KEY_VALUES, errors: {}, created: { id, name, prefix, key, expiresAt: expires_at?.toISOString() ?? null } };
  } catch (error) {
    return { values, errors: failedFields(error), created: null };
  }
}
