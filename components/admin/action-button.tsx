"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { startTransition, useActionState } from "react";
import type { ChangeFormState } from "@/lib/panel/admin/form-state";
import { allMessages, SavedStatus } from "./form-messages";
import { dangerButton, secondaryButton } from "./panel-styles";

const EMPTY: ChangeFormState = { errors: {}, saved: null };

/**
 * One button that runs a server action with `fields` (revoke a key, disable a user), after a confirmation
 * dialog when `confirm` is given. What it did, or why it was refused, shows beside it, and stays there when the
 * refreshed page no longer `offers` the button (a key just revoked).
 */
export function ActionButton({
  action,
  fields,
  label,
  confirm,
  offered = true,
}: {
  action: (state: ChangeFormState, form: FormData) => Promise<ChangeFormState>;
  fields: Record<string, string>;
  label: string;
  confirm?: { title: string; description: string };
  offered?: boolean;
}) {
  const [state, dispatch, pending] = useActionState(action, EMPTY);
  const errors = allMessages(state.errors);
  const run = () => {
    if (pending) return;
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    startTransition(() => dispatch(form));
  };
  const className = confirm ? dangerButton : secondaryButton;
  return (
    <div>
      {!offered ? null : confirm ? (
        <AlertDialog.Root>
          <AlertDialog.Trigger asChild>
            <button type="button" aria-disabled={pending} className={className}>
              {label}
            </button>
          </AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 bg-slate-900/50" />
            <AlertDialog.Content className="fixed top-1/2 left-1/2 w-[min(32rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-lg">
              <AlertDialog.Title className="text-lg font-semibold">{confirm.title}</AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-sm">{confirm.description}</AlertDialog.Description>
              <div className="mt-6 flex justify-end gap-3">
                <AlertDialog.Cancel asChild>
                  <button type="button" className={secondaryButton}>
                    Cancel
                  </button>
                </AlertDialog.Cancel>
                <AlertDialog.Action asChild>
                  <button type="button" onClick={run} className={dangerButton}>
                    {label}
                  </button>
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      ) : (
        <button type="button" onClick={run} aria-disabled={pending} className={className}>
          {label}
        </button>
      )}
      {errors.length > 0 ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {errors.join(" ")}
        </p>
      ) : null}
      <SavedStatus message={state.saved} />
    </div>
  );
}
