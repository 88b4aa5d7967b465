import type { FieldErrors } from "@/lib/core/errors";

/** An invalid row's errors as lines a person reads: "field: message", the row's own errors without a field. */
export function rowErrorMessages(errors: FieldErrors, prefix = ""): string[] {
  return Object.entries(errors).flatMap(([field, value]) => {
    if (!Array.isArray(value)) return rowErrorMessages(value, `${prefix}${field}.`);
    return value.map((message) => (field === "non_field_errors" ? message : `${prefix}${field}: ${message}`));
  });
}
