"use client";

import { FormErrorSummary } from "@/components/panel/form-error-summary";
import { useActionState } from "react";
import type { CreateUserFormState } from "@/lib/panel/admin/create-user-form";
import { NEW_USER_VALUES } from "@/lib/panel/admin/new-user-values";
import { FieldError, fieldMessages, SavedStatus } from "./form-messages";
import { PasswordField } from "./password-field";
import { type GatewayChoice, UserAccessFields } from "./user-access-fields";
import { primaryButton } from "./panel-styles";

const EMPTY: CreateUserFormState = { values: NEW_USER_VALUES, errors: {}, saved: null };

/** Adds a user: username, password, and what they may do; errors show under their field, with what was typed. */
export function CreateUserForm({
  action,
  gateways,
}: {
  action: (state: CreateUserFormState, form: FormData) => Promise<CreateUserFormState>;
  gateways: GatewayChoice[];
}) {
  const [state, formAction, pending] = useActionState(action, EMPTY);
  const usernameErrors = fieldMessages(state.errors, "username");
  // A new answer brings new defaults: fields are drawn again from it (the browser resets a form after its action).
  const drawn = `${JSON.stringify(state.values)}:${state.saved ?? ""}`;
  return (
    <form action={formAction} className="mt-4 flex flex-wrap items-start gap-6 rounded border border-slate-300 bg-white p-4" noValidate>
      <FormErrorSummary
        errors={state.errors}
        fields={[
          { name: "username", id: "new-user-username", label: "Username" },
          { name: "password", id: "new-user-password", label: "Password" },
        ]}
      />
      <div>
        <label htmlFor="new-user-username" className="block text-sm font-medium">
          Username
        </label>
        <input
          id="new-user-username"
          name="username"
          autoComplete="off"
          defaultValue={state.values.username}
          key={`username:${drawn}`}
          aria-invalid={usernameErrors.length > 0}
          aria-describedby={`new-user-username-hint${usernameErrors.length ? " new-user-username-error" : ""}`}
          className="mt-1 w-64 rounded border border-slate-400 px-2 py-1.5 aria-invalid:border-red-700"
        />
        <p id="new-user-username-hint" className="mt-1 text-xs text-slate-600">
          Letters, digits and @ . + - _
        </p>
        <FieldError id="new-user-username-error" messages={usernameErrors} />
      </div>
      <PasswordField id="new-user-password" label="Password" errors={fieldMessages(state.errors, "password")} answer={state} />
      <UserAccessFields key={`access:${drawn}`} idPrefix="new-user" values={state.values} errors={state.errors} gateways={gateways} />
      <div className="basis-full">
        <button type="submit" aria-disabled={pending} className={primaryButton}>
          {pending ? "Adding…" : "Add user"}
        </button>
      </div>
      <SavedStatus message={state.saved} />
    </form>
  );
}
