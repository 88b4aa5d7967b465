import type { InputHTMLAttributes } from "react";
import { sandboxMessages as t, type SandboxField } from "@/lib/i18n/sandbox-messages";
import { sandboxInputClass } from "./sandbox-shell";

/** A labelled text field with an optional hint and its error, tied together for screen readers. */
export function CardField({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: string; hint?: string; error?: SandboxField } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-zinc-700">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        className={sandboxInputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {t.errors[error]}
        </p>
      ) : null}
    </div>
  );
}
