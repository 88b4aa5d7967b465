import type { FieldErrors } from "@/lib/core/errors";

/** The messages of one field of a form's errors. */
export function fieldMessages(errors: FieldErrors, field: string): string[] {
  const value = errors[field];
  return Array.isArray(value) ? value : [];
}

/** Every message of a form's errors, nested fields included. */
export function allMessages(errors: FieldErrors): string[] {
  return Object.values(errors).flatMap((value) => (Array.isArray(value) ? value : allMessages(value)));
}

/** A field's error messages, under it; `id` is what the field's aria-describedby names. */
export function FieldError({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {messages.join(" ")}
    </p>
  );
}

/** The errors that belong to no field (a record gone since the page was shown), above the form. */
export function FormAlert({ errors }: { errors: FieldErrors }) {
  const messages = fieldMessages(errors, "non_field_errors");
  if (messages.length === 0) return null;
  return (
    <p role="alert" className="basis-full rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {messages.join(" ")}
    </p>
  );
}

/** What a form says after a change was saved, read out by screen readers. */
export function SavedStatus({ message }: { message: string | null }) {
  return (
    <p role="status" className="basis-full text-sm text-green-800">
      {message ?? ""}
    </p>
  );
}

/** What an action button answered: done (read out by screen readers) or refused (an alert). */
export function ActionOutcome({ message, error }: { message: string | null; error: string | null }) {
  return (
    <>
      <p role="status" className="text-sm text-green-800">
        {message ?? ""}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </>
  );
}
