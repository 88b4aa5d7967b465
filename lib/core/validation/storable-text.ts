import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";

// PostgreSQL text and jsonb cannot hold U+0000, and jsonb refuses unpaired UTF-16 surrogates (text would
// silently turn them into U+FFFD). Such input is refused as a field error instead of failing at the database.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const MESSAGE = "Text may not contain NUL characters or unpaired surrogates; send valid Unicode text.";

/** Whether a value (with nested keys and values) holds text the database cannot store as given. */
export function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (UNSTORABLE.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const nested of item) pending.push(nested);
    } else if (item && typeof item === "object") {
      for (const [key, nested] of Object.entries(item)) pending.push(key, nested);
    }
  }
  return false;
}

/** Refuses the named fields of a body whose text cannot be stored. */
export function requireStorableText(body: Record<string, unknown>, fields: readonly string[]): void {
  const errors: FieldErrors = {};
  for (const field of fields) if (field in body && hasUnstorableText(body[field])) errors[field] = [MESSAGE];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}
