"use client";

import { useEffect, useRef } from "react";
import type { FieldErrors } from "@/lib/core/errors";

/** A field the summary can link to: its path in the errors ("defaultAddress.city"), its input's id and label. */
export interface SummaryField {
  name: string;
  id: string;
  label: string;
}

/** Every message with the dotted path of its field ("non_field_errors" for the form's own). */
function flatten(errors: FieldErrors, prefix = ""): [string, string][] {
  return Object.entries(errors).flatMap(([key, value]) =>
    Array.isArray(value) ? value.map((m): [string, string] => [`${prefix}${key}`, m]) : flatten(value, `${prefix}${key}.`),
  );
}

/** The link takes focus to the field itself (a fragment link alone only scrolls to it in some browsers). */
function focusField(event: React.MouseEvent, id: string) {
  const input = document.getElementById(id);
  if (!input) return;
  event.preventDefault();
  input.focus();
  input.scrollIntoView({ block: "center" });
}

/**
 * What a refused save says at the top of its form: "Nothing was saved", then each problem, a link to its field
 * where there is one. An alert, and focus moves to it at each refused save, so a keyboard or screen-reader user
 * lands on it rather than on the Save button; without scripts it is the first thing in the form.
 */
export function FormErrorSummary({ errors, fields, title = "Nothing was saved. Correct these and save again:" }: { errors: FieldErrors; fields: SummaryField[]; title?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const problems = flatten(errors);
  useEffect(() => {
    if (problems.length > 0) box.current?.focus();
    // Each answer of the form is a new errors object: focus again after every refused save.
  }, [errors, problems.length]);
  if (problems.length === 0) return null;
  const byName = new Map(fields.map((f) => [f.name, f]));
  return (
    <div ref={box} role="alert" tabIndex={-1} aria-labelledby="form-error-summary-title" className="rounded border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
      <p id="form-error-summary-title" className="font-semibold">
        {title}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map(([name, message], i) => {
          const field = byName.get(name);
          return (
            <li key={`${name}:${i}`}>
              {field ? (
                <a href={`#${field.id}`} onClick={(event) => focusField(event, field.id)} className="underline">
                  {field.label}: {message}
                </a>
              ) : (
                message
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
