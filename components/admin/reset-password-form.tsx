"use client";

import { FormErrorSummary } from "@/components/panel/form-error-summary";
import { useActionState } from "react";
import type { ChangeFormState } from "@/lib/panel/admin/form-state";
import { fieldMessages, SavedStatus } from "./form-messages";
import { PasswordField } from "./password-field";
import { primaryButton } from "./panel-styles";

const EMPTY: ChangeFormState = { errors: {}, saved: null };

/** Gives a user the new password an administrator types; it is never shown back. */
export function ResetPasswordForm({ action, userId }: { action: (state: ChangeFormState, form: FormData) => Promise<ChangeFormState>; userId: string }) {
  const [state, formAction, pending] = useActionState(action, EMPTY);
  return (
    <form action={formAction} className="mt-4 flex flex-wrap items-start gap-4 rounded border border-slate-300 bg-white p-4" noValidate>
      <input type="hidden" name="id" value={userId} />
      <FormErrorSummary errors={state.errors} fields={[{ name: "password", id: "reset-password", label: "New password" }]} />
      <PasswordField id="reset-password" label="New password" errors={fieldMessages(state.errors, "password")} answer={state} />
      <button type="submit" aria-disabled={pending} className={`${primaryButton} mt-6`}>
        {pending ? "Saving…" : "Set password"}
      </button>
      <SavedStatus message={state.saved} />
    </form>
  );
}
