import type { ReactNode } from "react";

/**
 * What goes below the input `id`: its hint and its error messages, each with an id; and what the input says of
 * them (aria-invalid, aria-describedby).
 */
export function describeField(id: string, messages: string[], hint?: ReactNode) {
  const describedBy = [hint ? `${id}-hint` : "", messages.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const below = (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {messages.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {messages.join(" ")}
        </p>
      ) : null}
    </>
  );
  return { invalid: messages.length > 0, describedBy, below };
}
