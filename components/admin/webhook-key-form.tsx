"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { startTransition, useActionState, useEffect, useRef, useState } from "react";
import type { WebhookKeyFormState } from "@/lib/panel/admin/rotate-webhook-key-form";
import { primaryButton } from "./panel-styles";

const GRACE_OPTIONS = [
  ["none", "None: the old key stops at once"],
  ["1h", "1 hour"],
  ["24h", "24 hours"],
  ["7d", "7 days"],
] as const;

const EMPTY: WebhookKeyFormState = { key: null, message: null, error: null, grace: null };

/**
 * Generates the first webhook key, or rotates it after a confirmation. The new key is shown here once, right
 * under the button, with a copy button, and focus moves to it: it lives only in this component's state and is
 * gone when the page is left or reloaded. The grace period chosen stays chosen after the answer.
 */
export function WebhookKeyForm({
  action,
  hasKey,
}: {
  action: (state: WebhookKeyFormState, form: FormData) => Promise<WebhookKeyFormState>;
  hasKey: boolean;
}) {
  const [state, formAction, pending] = useActionState(action, EMPTY);
  const [copied, setCopied] = useState(false);
  const [grace, setGrace] = useState(state.grace ?? "24h");
  const form = useRef<HTMLFormElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.key || state.error) outcome.current?.focus();
  }, [state]);
  const verb = hasKey ? "Rotate key" : "Generate key";

  async function copy() {
    if (!state.key) return;
    await navigator.clipboard.writeText(state.key);
    setCopied(true);
  }

  return (
    <div className="mt-3 space-y-3">
      <form ref={form} action={formAction} onSubmit={() => setCopied(false)} className="flex flex-wrap items-end gap-3">
        {hasKey ? (
          <div>
            <label htmlFor="webhook-grace" className="block text-sm font-medium">
              Old key keeps signing for
            </label>
            <select
              id="webhook-grace"
              name="grace"
              value={grace}
              onChange={(event) => setGrace(event.target.value)}
              className="mt-1 rounded border border-slate-400 px-2 py-1.5">
              {GRACE_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="grace" value="none" />
        )}
        <AlertDialog.Root>
          <AlertDialog.Trigger asChild>
            <button type="button" aria-disabled={pending} className={primaryButton}>
              {pending ? "Working…" : verb}
            </button>
          </AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 bg-slate-900/50" />
            <AlertDialog.Content className="fixed top-1/2 left-1/2 w-[min(32rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-lg">
              <AlertDialog.Title className="text-lg font-semibold">{hasKey ? "Rotate the webhook key?" : "Generate a webhook key?"}</AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-sm">
                {hasKey
                  ? "A new key signs every webhook from now on. Receivers must be given the new key before the grace period you chose ends."
                  : "Webhooks will be signed with the new key. Give it to every receiver that verifies signatures."}{" "}
                The key is shown once, right after this.
              </AlertDialog.Description>
              <div className="mt-4 flex justify-end gap-3">
                <AlertDialog.Cancel className="rounded border border-slate-400 px-4 py-1.5">Cancel</AlertDialog.Cancel>
                <AlertDialog.Action
                  // Not a form submission: React would reset the form after it, and the select with it (the DOM
                  // back to its first option while the state still says the period chosen).
                  onClick={() => {
                    if (!form.current) return;
                    setCopied(false);
                    const data = new FormData(form.current);
                    startTransition(() => formAction(data));
                  }}
                  className={primaryButton}
                >
                  {verb}
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      </form>
      {/* Right under the button, and focused once the answer comes: where the user is looking. */}
      <div ref={outcome} tabIndex={-1} role="group" aria-label="Webhook key result" className="outline-none focus-visible:outline-2 focus-visible:outline-blue-700">
        {state.error ? (
          <p role="alert" className="text-sm text-red-800">
            {state.error}
          </p>
        ) : null}
        <p role="status" className="text-sm">
          {state.key ? `${state.message} Copy the new key now: it will not be shown again.` : ""}
        </p>
        {state.key ? (
          <div className="mt-2 rounded border border-amber-400 bg-amber-50 p-4">
            <label htmlFor="webhook-new-key" className="block text-sm font-medium">
              New webhook key
            </label>
            <div className="mt-1 flex flex-wrap gap-2">
              <input
                id="webhook-new-key"
                readOnly
                value={state.key}
                className="w-full max-w-md rounded border border-slate-400 bg-white px-2 py-1.5 font-mono text-sm"
              />
              <button type="button" onClick={copy} className="rounded border border-slate-500 px-3 py-1.5 text-sm font-medium hover:bg-slate-100">
                {copied ? "Copied" : "Copy key"}
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
