import type { ReactNode } from "react";

/** What a field's control carries so that screen readers read its error and hint with it. */
export interface FieldAria {
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * A label, the control (given by `children`, which receives the ARIA attributes tying them together), the
 * control's error when refused, and an optional hint.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children({ ...(error ? { "aria-invalid": true } : {}), ...(described ? { "aria-describedby": described } : {}) })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
