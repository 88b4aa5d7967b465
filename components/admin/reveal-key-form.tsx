"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import type { RevealKeyFormState } from "@/lib/panel/admin/reveal-webhook-key-form";
import { secondaryButton } from "./panel-styles";

const EMPTY: RevealKeyFormState = { key: null, error: null };

/**
 * "Show key": the signed-in superuser types their password again and sees the current webhook key, with a copy
 * button, until they hide it or leave the page. A wrong password is said in place, under the field.
 */
export function RevealKeyForm({ action }: { action: (state: RevealKeyFormState, form: FormData) => Promise<RevealKeyFormState> }) {
  const [state, formAction] = useActionState(action, EMPTY);
  const [hidden, setHidden] = useState(false);
  const [copied, setCopied] = useState(false);
  const shown = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  // A new answer shows afresh (not hidden, not yet copied).
  const [answered, setAnswered] = useState(state);
  if (answered !== state) {
    setAnswered(state);
    setHidden(false);
    setCopied(false);
  }
  useEffect(() => {
    if (state.key) shown.current?.focus();
    else if (state.error) password.current?.focus();
  }, [state]);

  if (state.key && !hidden) {
    return (
      <div className="mt-3 rounded border border-amber-400 bg-amber-50 p-4">
        <p role="status" className="text-sm">
          The current webhook key. Keep it secret: anyone holding it can sign webhooks your receivers accept.
        </p>
        <label htmlFor="webhook-current-key" className="mt-2 block text-sm font-medium">
          Current webhook key
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            ref={shown}
            id="webhook-current-key"
            readOnly
            value={state.key}
            className="w-full max-w-md rounded border border-slate-400 bg-white px-2 py-1.5 font-mono text-sm"
          />
          <button
            type="button"
            className={secondaryButton}
            onClick={async () => {
              await navigator.clipboard.writeText(state.key!);
              setCopied(true);
            }}
          >
            {copied ? "Copied" : "Copy key"}
          </button>
          <button type="button" className={secondaryButton} onClick={() => setHidden(true)}>
            Hide key
          </button>
        </div>
      </div>
    );
  }
  return (
    <form action={formAction} className="mt-3 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="reveal-password" className="block text-sm font-medium">
          Your password
        </label>
        <input
          ref={password}
          id="reveal-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? "reveal-error" : "reveal-hint"}
          className="mt-1 w-64 rounded border border-slate-400 px-2 py-1.5 aria-invalid:border-red-700"
        />
      </div>
      <SubmitButton busyLabel="Checking…" className={secondaryButton}>
        Show key
      </SubmitButton>
      <p id="reveal-hint" className="basis-full text-xs text-slate-700">
        To see the current key, type your password again. Each time the key is shown is kept in the audit log.
      </p>
      {state.error ? (
        <p id="reveal-error" role="alert" className="basis-full text-sm text-red-800">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
