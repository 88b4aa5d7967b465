import { recordAudit } from "@/lib/access/audit/record-audit";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { CredentialsKeyError } from "@/lib/core/crypto/credentials-cipher";
import { type FieldErrors, NotFound, ValidationFailed } from "@/lib/core/errors";
import { CREDENTIAL_FIELDS } from "@/lib/gateways/credential-fields";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import type { KnownPg } from "@/lib/gateways/known-gateways";
import { updateGatewaySetting } from "@/lib/config/gateway-settings/update-gateway-setting";
import { gatewayAuditChanges, gatewayAuditView } from "./gateway-audit-view";

/** What was typed, kept when the form comes back with errors (never the credentials, nor the file). */
export interface GatewayFormValues {
  code: string;
  name: string;
  pg: string;
  mode: string;
  currencies: string[];
  operation: string;
  priority: string;
  feeFixed: string;
  feePercent: string;
  iconUrl: string;
  removeIcon: boolean;
}

export interface GatewayFormState {
  values: GatewayFormValues;
  errors: FieldErrors;
  /** The code the gateway setting was saved under. */
  saved: string | null;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

function readValues(form: FormData): GatewayFormValues {
  return {
    code: text(form, "code"),
    name: text(form, "name"),
    pg: text(form, "pg"),
    mode: text(form, "mode"),
    currencies: form.getAll("currencies").filter((c): c is string => typeof c === "string"),
    operation: text(form, "operation"),
    priority: text(form, "priority"),
    feeFixed: text(form, "feeFixed"),
    feePercent: text(form, "feePercent"),
    iconUrl: text(form, "iconUrl"),
    removeIcon: form.get("removeIcon") === "on",
  };
}

/** The credentials typed for the chosen pg's fields (`credentials.<name>`); left empty, the stored one stays. */
function readCredentials(form: FormData, pg: string): Record<string, string> {
  const fields = CREDENTIAL_FIELDS[pg as KnownPg] ?? [];
  return Object.fromEntries(fields.map((f) => [f.name, text(form, `credentials.${f.name}`)]));
}

async function readIcon(form: FormData): Promise<Uint8Array | undefined> {
  const file = form.get("icon");
  // A file input left empty still sends a part, without bytes (browsers name it differently).
  if (!(file instanceof File) || file.size === 0) return undefined;
  return new Uint8Array(await file.arrayBuffer());
}

// The verbs name a few fields otherwise than the form does.
const FORM_FIELD: Record<string, string> = { newCode: "code", isSandbox: "mode" };
const formErrors = (fields: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(fields).map(([key, value]) => [FORM_FIELD[key] ?? key, value]));

/**
 * The panel's gateway form: creates a gateway setting (no `editing`) or changes the one with code `editing`,
 * through the CLI's verbs and zod rules, with its audit entry in the same transaction. Superusers only; field
 * errors come back in place with what was typed.
 */
export async function saveGatewayForm({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: UserCaller; form: FormData; editing?: string };
}): Promise<GatewayFormState> {
  requireSuperuser(input.caller);
  const { caller, form, editing } = input;
  const values = readValues(form);
  const icon = await readIcon(form);
  const fields = {
    name: values.name || values.code,
    pg: values.pg as KnownPg,
    isSandbox: values.mode === "sandbox" ? true : values.mode === "production" ? false : undefined,
    currencies: values.currencies,
    operation: values.operation as "purchase",
    priority: values.priority || "0",
    feeFixed: values.feeFixed || "0",
    feePercent: values.feePercent || "0",
    credentials: readCredentials(form, values.pg),
  };
  try {
    const saved = await ctx.db.transaction().execute(async (db) => {
      if (editing === undefined) {
        const row = await createGatewaySetting({ ctx: { db }, input: { ...fields, code: values.code, iconUrl: values.iconUrl || undefined, icon } });
        await recordAudit(db, caller, { action: "gateway.create", entity: "gateway_setting", entityId: row.code, after: gatewayAuditView(row) });
        return row.code;
      }
      const { before, after } = await updateGatewaySetting({
        ctx: { db },
        input: { ...fields, code: editing, newCode: values.code, iconUrl: values.iconUrl || null, icon: icon ?? (values.removeIcon ? null : undefined) },
      });
      await recordAudit(db, caller, { action: "gateway.update", entity: "gateway_setting", entityId: after.code, ...gatewayAuditChanges(before, after) });
      return after.code;
    });
    return { values: { ...values, removeIcon: false }, errors: {}, saved };
  } catch (error) {
    if (error instanceof ValidationFailed) return { values, errors: formErrors(error.fields), saved: null };
    // The stored credentials cannot be read to keep some of them: say so where they are typed.
    if (error instanceof CredentialsKeyError) return { values, errors: { credentials: [error.message] }, saved: null };
    if (error instanceof NotFound) return { values, errors: { non_field_errors: [error.message] }, saved: null };
    throw error;
  }
}
