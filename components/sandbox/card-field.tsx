import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { sandboxMessages as t, type SandboxField } from "@/lib/checkout/i18n/sandbox-messages";
import { sandboxInputClass } from "./sandbox-frame";

/**
 * A labelled text field with its error and an optional hint, tied together for screen readers. The hint sits
 * under the input, so fields side by side line up whatever the length of their hints. `aside`: shown at the
 * end of the label's line (the card brand).
 */
export function CardField({
  id,
  label,
  hint,
  error,
  aside,
  ...input
}: { id: string; label: string; hint?: string; error?: SandboxField; aside?: ReactNode; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block font-medium">
          {label}
        </label>
        {aside}
      </div>
      <input id={id} className={sandboxInputClass} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} {...input} />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {t.errors[error]}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
