import { type FieldErrors, NotFound, ValidationFailed } from "@/lib/core/errors";

/** What a panel form that changes one thing answers: its errors, or what was done. */
export interface ChangeFormState {
  errors: FieldErrors;
  saved: string | null;
}

/**
 * The errors a panel form shows for a change that was refused: field errors under their fields, a missing
 * record (a stale page, a hand-made post) above the form. Anything else is a real failure and is rethrown.
 */
export function failedFields(error: unknown): FieldErrors {
  if (error instanceof ValidationFailed) return error.fields;
  if (error instanceof NotFound) return { non_field_errors: [error.message] };
  throw error;
}
