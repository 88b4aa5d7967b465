"use client";

import { FormErrorSummary } from "@/components/panel/form-error-summary";
import { useActionState } from "react";
import { type CreateApiKeyFormState, NEW_API_KEY_VALUES } from "@/lib/panel/admin/create-api-key-form";
import { FieldError, fieldMessages } from "./form-messages";
import { NewApiKey } from "./new-api-key";
import { primaryButton } from "./panel-styles";

const EMPTY: CreateApiKeyFormState = { values: NEW_API_KEY_VALUES, errors: {}, created: null };

/** Creates an API key (name, optional expiry day); the new key shows once, under the form. */
export function CreateApiKeyForm({ action }: { action: (state: CreateApiKeyFormState, form: FormData) => Promise<CreateApiKeyFormState> }) {
  const [state, formAction, pending] = useActionState(action, EMPTY);
  const drawn = `${JSON.stringify(state.values)}:${state.created?.id ?? ""}`;
  const field = (name: "name" | "expiresOn", label: string, hint: string, type: "text" | "date") => {
    const errors = fieldMessages(state.errors, name);
    return (
      <div>
        <label htmlFor={`api-key-${name}`} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={`api-key-${name}`}
          name={name}
          type={type}
          autoComplete="off"
          defaultValue={state.values[name]}
          key={`${name}:${drawn}`}
          aria-invalid={errors.length > 0}
          aria-describedby={`api-key-${name}-hint${errors.length ? ` api-key-${name}-error` : ""}`}
          className="mt-1 w-64 rounded border border-slate-400 px-2 py-1.5 aria-invalid:border-red-700"
        />
        <p id={`api-key-${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
        <FieldError id={`api-key-${name}-error`} messages={errors} />
      </div>
    );
  };
  return (
    <>
      <form action={formAction} className="mt-4 flex flex-wrap items-start gap-4 rounded border border-slate-300 bg-white p-4" noValidate>
        <FormErrorSummary
          errors={state.errors}
          fields={[
            { name: "name", id: "api-key-name", label: "Name" },
            { name: "expiresOn", id: "api-key-expiresOn", label: "Expires on" },
          ]}
        />
        {field("name", "Name", "Who uses it, e.g. the shop's backend", "text")}
        {field("expiresOn", "Expires on (optional)", "It stops working at 00:00 UTC that day; empty: never", "date")}
        <button type="submit" aria-disabled={pending} className={`${primaryButton} mt-6`}>
          {pending ? "Creating…" : "Create API key"}
        </button>
      </form>
      {state.created ? <NewApiKey key={state.created.id} name={state.created.name} apiKey={state.created.key} /> : null}
    </>
  );
}
