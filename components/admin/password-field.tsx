"use client";

import { useState } from "react";
import { FieldError } from "./form-messages";

/**
 * A new password for a user. Kept in the browser across an answer with errors (the server never sends a
 * password back) and emptied by an answer that saved it.
 */
export function PasswordField({ id, label, errors, answer }: { id: string; label: string; errors: string[]; answer: { saved: string | null } }) {
  const [value, setValue] = useState("");
  const [lastAnswer, setLastAnswer] = useState(answer);
  if (answer !== lastAnswer) {
    setLastAnswer(answer);
    if (answer.saved) setValue("");
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name="password"
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={errors.length > 0}
        aria-describedby={`${id}-hint${errors.length ? ` ${id}-error` : ""}`}
        className="mt-1 w-64 rounded border border-slate-400 px-2 py-1.5 aria-invalid:border-red-700"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        8 to 256 characters
      </p>
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}
