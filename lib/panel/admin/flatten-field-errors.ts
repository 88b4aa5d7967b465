import type { FieldErrors } from "@/lib/core/errors";

/** Every message of nested field errors, for a form that shows them together rather than under a field. */
export function flattenFieldErrors(errors: FieldErrors): string[] {
  return Object.values(errors).flatMap((value) => (Array.isArray(value) ? value : flattenFieldErrors(value)));
}
