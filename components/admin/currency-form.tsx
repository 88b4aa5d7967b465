"use client";

import { FormErrorSummary } from "@/components/panel/form-error-summary";
import { useActionState } from "react";
import type { CurrencyFormState } from "@/lib/panel/admin/save-currency-form";
import { primaryButton } from "./panel-styles";

const EMPTY: CurrencyFormState = { values: { code: "", decimals: "" }, errors: {}, saved: null };

const messages = (errors: CurrencyFormState["errors"], field: string) => {
  const value = errors[field];
  return Array.isArray(value) ? value : [];
};

/** Adds a currency or changes a currency's decimal places; errors show under their field, with what was typed. */
export function CurrencyForm({ action }: { action: (state: CurrencyFormState, form: FormData) => Promise<CurrencyFormState> }) {
  const [state, formAction, pending] = useActionState(action, EMPTY);
  const field = (name: "code" | "decimals", label: string, hint: string) => {
    const errors = messages(state.errors, name);
    return (
      <div>
        <label htmlFor={`currency-${name}`} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={`currency-${name}`}
          name={name}
          defaultValue={state.values[name]}
          key={`${name}:${state.values[name]}:${state.saved ?? ""}`}
          aria-invalid={errors.length > 0}
          aria-describedby={`currency-${name}-hint${errors.length ? ` currency-${name}-error` : ""}`}
          className="mt-1 w-40 rounded border border-slate-400 px-2 py-1.5 aria-invalid:border-red-700"
        />
        <p id={`currency-${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
        {errors.length > 0 ? (
          <p id={`currency-${name}-error`} className="mt-1 text-sm text-red-800">
            {errors.join(" ")}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <form action={formAction} className="mt-4 flex flex-wrap items-start gap-4 rounded border border-slate-300 bg-white p-4" noValidate>
      <FormErrorSummary errors={state.errors} fields={[{ name: "code", id: "currency-code", label: "Code" }, { name: "decimals", id: "currency-decimals", label: "Decimal places" }]} />
      {field("code", "Code", "ISO 4217, three letters")}
      {field("decimals", "Decimal places", "0 to 4")}
      <button type="submit" aria-disabled={pending} className={`mt-6 ${primaryButton}`}>
        {pending ? "Saving…" : "Save currency"}
      </button>
      <p role="status" className="basis-full text-sm text-green-800">
        {state.saved ?? ""}
      </p>
    </form>
  );
}
