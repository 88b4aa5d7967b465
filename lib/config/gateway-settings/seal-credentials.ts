import type { GatewaySetting } from "@/db/types";
import { decryptCredentials, encryptCredentials } from "@/lib/core/crypto/credentials-cipher";
import type { FieldErrors } from "@/lib/core/errors";
import { addFieldError } from "@/lib/core/validation/parse-input";
import { adapterFor } from "@/lib/gateways/adapters";
import { CREDENTIAL_FIELDS } from "@/lib/gateways/credential-fields";
import type { KnownPg } from "@/lib/gateways/known-gateways";

// Short values would be given away by their last four characters: they show none.
const HINT_MIN_LENGTH = 8;

export type SealedCredentials = Pick<GatewaySetting, "credentials" | "credentials_hint">;

/**
 * A gateway's credentials after a save, encrypted, with the last four characters of each for display: the values
 * given replace the stored ones, the others are kept (those the pg does not take are dropped). `undefined` when
 * nothing changes; field errors (unknown or missing credentials) go into `errors`.
 */
export function sealCredentials(input: {
  pg: KnownPg;
  code: string;
  given: Record<string, string> | undefined;
  stored: SealedCredentials | null;
  /** The setting's mode once saved: a gateway may refuse live credentials on a sandbox setting and the reverse. */
  sandbox: boolean;
  errors: FieldErrors;
}): SealedCredentials | undefined {
  const fields = CREDENTIAL_FIELDS[input.pg];
  const given = Object.fromEntries(Object.entries(input.given ?? {}).filter(([, value]) => value !== ""));
  for (const name of Object.keys(given)) {
    if (!fields.some((f) => f.name === name)) addFieldError(input.errors, ["credentials"], `${input.pg} takes no credential named ${name}.`);
  }
  const storedNames = Object.keys(input.stored?.credentials_hint ?? {});
  const kept = storedNames.filter((name) => !(name in given) && fields.some((f) => f.name === name));
  for (const field of fields) {
    if (field.required && !(field.name in given) && !kept.includes(field.name)) {
      addFieldError(input.errors, ["credentials", field.name], `Enter the ${field.label.toLowerCase()}.`);
    }
  }
  for (const [name, message] of Object.entries(adapterFor(input.pg)?.credentialErrors?.(given, { sandbox: input.sandbox }) ?? {})) {
    addFieldError(input.errors, ["credentials", name], message);
  }
  if (Object.keys(input.errors).length > 0) return undefined;
  if (Object.keys(given).length === 0 && kept.length === storedNames.length) return undefined;
  // Only a partial change needs the stored values, and so the key they were saved with.
  const stored = kept.length > 0 ? decryptCredentials({ code: input.code, credentials: input.stored!.credentials }) : {};
  const values = { ...Object.fromEntries(kept.map((name) => [name, stored[name] ?? ""])), ...given };
  if (Object.keys(values).length === 0) return { credentials: null, credentials_hint: {} };
  const hint = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.length >= HINT_MIN_LENGTH ? value.slice(-4) : ""]));
  return { credentials: encryptCredentials(values), credentials_hint: hint };
}
