import { z } from "zod";
import { allowedOriginsSchema } from "@/lib/access/api-keys/allowed-origins";
import { apiKeyName, createApiKey } from "@/lib/access/api-keys/create-api-key";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { ApiKeyKind } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import type { FieldErrors } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation/parse-input";
import { failedFields } from "./form-state";
import { type ApiKeyFormValues, NEW_API_KEY_VALUES } from "./new-api-key-values";

export interface CreateApiKeyFormState {
  values: ApiKeyFormValues;
  errors: FieldErrors;
  /** The new key, secret included: in this one answer only (it is stored as a hash). */
  created: { id: string; name: string; prefix: string; key: string; kind: ApiKeyKind; expiresAt: string | null } | null;
}

// The panel asks for a day; the key stops working at the start of it (UTC), which must be still to come.
const expiresOn = z.preprocess(
  (day) => (day === "" ? undefined : day),
  z.iso
    .date("Enter the expiry date as YYYY-MM-DD.")
    .transform((day) => new Date(`${day}T00:00:00Z`))
    .refine((date) => date > new Date(), "The expiry date must be after today (UTC).")
    .optional(),
);

// Both fields are always on the page (it works without scripts): origins typed for a private key are refused, not dropped.
const apiKeyForm = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("private"),
      name: apiKeyName,
      expiresOn,
      origins: z.literal("", { error: "Only a public key has allowed origins: choose Public, or leave the origins empty." }),
    }),
    z.object({ kind: z.literal("public"), name: apiKeyName, expiresOn, origins: allowedOriginsSchema }),
  ],
  { error: "Choose the kind of key: private or public." },
);

const KINDS: readonly string[] = ["private", "public"];

/**
 * The panel's "create an API key" form: the CLI's verb and rules, superusers only, for a private key or a public
 * one with its allowed origins. The key is in the answer once, never again; the audit entry keeps its name,
 * prefix, kind, origins and expiry.
 */
export async function createApiKeyForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<CreateApiKeyFormState> {
  requireSuperuser(input.caller);
  const text = (name: string) => String(input.form.get(name) ?? "").trim();
  const kind = text("kind") || "private";
  const values = {
    name: String(input.form.get("name") ?? ""),
    expiresOn: text("expiresOn"),
    kind: (KINDS.includes(kind) ? kind : "private") as ApiKeyKind,
    origins: text("origins"),
  };
  try {
    const data = parseInput(apiKeyForm, { ...values, kind });
    const created = await ctx.db.transaction().execute(async (db) => {
      const common = { name: data.name, expiresAt: data.expiresOn };
      const keyInput = data.kind === "public" ? { ...common, kind: data.kind, origins: data.origins } : { ...common, kind: data.kind };
      const key = await createApiKey({ ctx: { db }, input: keyInput });
      const after = { name: key.name, prefix: key.prefix, kind: key.kind, allowed_origins: key.allowed_origins, expires_at: key.expires_at };
      await recordAudit(db, input.caller, { action: "api_key.create", entity: "api_key", entityId: key.id, after });
      return key;
    });
    const { id, name, prefix, key, expires_at } = created;
    return {
      values: NEW_API_KEY_VALUES,
      errors: {},
      created: { id, name, prefix, key, kind: created.kind, expiresAt: expires_at?.toISOString() ?? null },
    };
  } catch (error) {
    return { values, errors: failedFields(error), created: null };
  }
}
