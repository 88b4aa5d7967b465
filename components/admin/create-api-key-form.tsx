"use client";

import { FormErrorSummary } from "@/components/panel/form-error-summary";
import { useActionState } from "react";
import type { CreateApiKeyFormState } from "@/lib/panel/admin/create-api-key-form";
import { NEW_API_KEY_VALUES } from "@/lib/panel/admin/new-api-key-values";
import { FieldError, fieldMessages } from "./form-messages";
import { NewApiKey } from "./new-api-key";
import { primaryButton } from "./panel-styles";

const EMPTY: CreateApiKeyFormState = { values: NEW_API_KEY_VALUES, errors: {}, created: null };

/**
 * Creates an API key: private (the merchant's server) or public (the embedded checkout, with the merchant origins
 * it may be used from); name, optional expiry day. Both kinds' fields are always shown, so it works without
 * scripts. The new key shows once, under the form.
 */
export function CreateApiKeyForm({ action }: { action: (state: CreateApiKeyFormState, form: FormData) => Promise<CreateApiKeyFormState> }) {
  const [state, formAction, pending] = useActionState(action, EMPTY);
  const drawn = `${JSON.stringify(state.values)}:${state.created?.id ?? ""}`;
  const kindErrors = fieldMessages(state.errors, "kind");
  const field = (name: "name" | "expiresOn" | "origins", label: string, hint: string, type: "text" | "date" | "textarea") => {
    const errors = fieldMessages(state.errors, name);
    const control = {
      id: `api-key-${name}`,
      name,
      defaultValue: state.values[name],
      "aria-invalid": errors.length > 0,
      "aria-describedby": `api-key-${name}-hint${errors.length ? ` api-key-${name}-error` : ""}`,
    };
    const look = "mt-1 rounded border border-slate-400 px-2 py-1.5 aria-invalid:border-red-700";
    return (
      <div className={type === "textarea" ? "w-full" : undefined}>
        <label htmlFor={`api-key-${name}`} className="block text-sm font-medium">
          {label}
        </label>
        {type === "textarea" ? (
          <textarea key={`${name}:${drawn}`} {...control} rows={3} className={`${look} w-[min(32rem,100%)] font-mono text-sm`} />
        ) : (
          <input key={`${name}:${drawn}`} {...control} type={type} autoComplete="off" className={`${look} w-64`} />
        )}
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
            { name: "kind", id: "api-key-kind-private", label: "Kind" },
            { name: "origins", id: "api-key-origins", label: "Allowed origins" },
          ]}
        />
        {field("name", "Name", "Who uses it, e.g. the shop's backend", "text")}
        {field("expiresOn", "Expires on (optional)", "It stops working at 00:00 UTC that day; empty: never", "date")}
        <fieldset aria-describedby={`api-key-kind-hint${kindErrors.length ? " api-key-kind-error" : ""}`} className="w-full">
          <legend className="text-sm font-medium">Kind</legend>
          <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1" key={`kind:${drawn}`}>
            {(["private", "public"] as const).map((kind) => (
              <label key={kind} className="inline-flex items-center gap-1.5">
                <input id={`api-key-kind-${kind}`} type="radio" name="kind" value={kind} defaultChecked={state.values.kind === kind} />
                {kind === "private" ? "Private (ck_…): the shop's server, every endpoint but the SDK's" : "Public (pk_…): the embedded checkout in customers' browsers"}
              </label>
            ))}
          </div>
          <p id="api-key-kind-hint" className="mt-1 text-xs text-slate-600">
            A public key can only read a transaction&apos;s checkout data and start its payment, from the origins listed below.
          </p>
          <FieldError id="api-key-kind-error" messages={kindErrors} />
        </fieldset>
        {field(
          "origins",
          "Allowed origins (public keys only)",
          "The shop's pages that embed the checkout, one a line or separated by commas: https://shop.example, http://localhost:4000 (no path; at most 20). Leave empty for a private key.",
          "textarea",
        )}
        <button type="submit" aria-disabled={pending} className={primaryButton}>
          {pending ? "Creating…" : "Create API key"}
        </button>
      </form>
      {state.created ? <NewApiKey key={state.created.id} name={state.created.name} kind={state.created.kind} apiKey={state.created.key} /> : null}
    </>
  );
}
