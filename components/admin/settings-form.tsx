"use client";

import { useActionState } from "react";
import type { SettingsFormState } from "@/lib/panel/admin/save-settings-form";
import type { CHECKBOXES, SettingsFieldName, SettingsFormValues } from "@/lib/panel/admin/settings-form-values";
import type { FieldErrors } from "@/lib/core/errors";
import { SubmitButton } from "@/components/forms/submit-button";
import { FormErrorSummary } from "@/components/panel/form-error-summary";
import { TextField } from "./text-field";
import { primaryButton } from "./panel-styles";

type Checkbox = (typeof CHECKBOXES)[number];
type Field = Exclude<SettingsFieldName, Checkbox>;

/** The messages under a field, found by its path ("defaultAddress.city" → errors.defaultAddress.city). */
function messagesAt(errors: FieldErrors, name: string): string[] {
  let node: FieldErrors | string[] | undefined = errors;
  for (const key of name.split(".")) node = node && !Array.isArray(node) ? node[key] : undefined;
  return Array.isArray(node) ? node : [];
}

const MERCHANT: [Field, string, string?, ("email" | "url" | "tel")?][] = [
  ["merchantName", "Merchant name", "Shown on the payment page and in e-mails."],
  ["supportEmail", "Support e-mail", undefined, "email"],
  ["supportPhone", "Support phone", undefined, "tel"],
  ["merchantWebsiteUrl", "Merchant website", "Where the result page's \"Return to …\" button leads when a transaction has no redirect_url.", "url"],
  ["merchantLogoUrl", "Logo URL", "An image URL; the logo heads the payment page.", "url"],
];
const DEFAULTS: [Field, string, string?, ("email" | "url" | "tel")?][] = [
  ["defaultRedirectUrl", "Default redirect URL", "Where customers return after paying when a request gives no redirect_url.", "url"],
  ["defaultDisclosureUrl", "Default disclosure URL", "Where legacy results are posted when a request gives no disclosure_url.", "url"],
];
const ADDRESS: [Field, string][] = [
  ["defaultAddress.line1", "Line 1"],
  ["defaultAddress.line2", "Line 2 (optional)"],
  ["defaultAddress.city", "City"],
  ["defaultAddress.state", "State"],
  ["defaultAddress.country", "Country (ISO 3166-1 alpha-2, e.g. KW)"],
  ["defaultAddress.postal_code", "Postal code"],
];

const fieldId = (name: string) => `settings-${name.replace(".", "-")}`;
const SUMMARY_FIELDS = [...MERCHANT, ...DEFAULTS, ...ADDRESS, ["defaultExpiration", "Default expiration time"], ["legacyAllowedNetworks", "Callers allowed without credentials"]].map(
  ([name, label]) => ({ name: name!, id: fieldId(name!), label: (name!.startsWith("defaultAddress.") ? `Default address, ${label}` : label)! }),
);

/** A checkbox with its label and hint; `resetKey` remounts it when the form's answer carries new values. */
function CheckboxField({ name, label, hint, values, resetKey }: { name: Checkbox; label: string; hint: string; values: SettingsFormValues; resetKey: string }) {
  const id = `settings-${name}`;
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={values[name] === "on"}
        key={`${name}:${values[name]}:${resetKey}`}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The settings form: every error under its field, what was typed kept, the stored values shown once saved. */
export function SettingsForm({
  action,
  initial,
}: {
  action: (state: SettingsFormState, form: FormData) => Promise<SettingsFormState>;
  initial: SettingsFormValues;
}) {
  const [state, formAction] = useActionState(action, { values: initial, errors: {}, saved: null });
  const resetKey = state.saved ?? "";
  const field = ([name, label, hint, type]: [Field, string, string?, ("email" | "url" | "tel")?]) => (
    <TextField
      key={name}
      id={fieldId(name)}
      name={name}
      label={label}
      hint={hint}
      type={type}
      value={state.values[name]}
      errors={messagesAt(state.errors, name)}
      resetKey={resetKey}
    />
  );
  return (
    <form action={formAction} className="mt-4 space-y-6" noValidate>
      <FormErrorSummary errors={state.errors} fields={SUMMARY_FIELDS} />
      <fieldset className="space-y-3 rounded border border-slate-300 bg-white p-4">
        <legend className="px-1 font-semibold">Merchant</legend>
        {MERCHANT.map(field)}
      </fieldset>
      <fieldset className="space-y-3 rounded border border-slate-300 bg-white p-4">
        <legend className="px-1 font-semibold">Defaults for payment requests</legend>
        {DEFAULTS.map(field)}
      </fieldset>
      <fieldset className="grid gap-3 rounded border border-slate-300 bg-white p-4 sm:grid-cols-2" aria-describedby="settings-address-hint">
        <legend className="px-1 font-semibold">Default address</legend>
        <p id="settings-address-hint" className="text-xs text-slate-600 sm:col-span-2">
          Used for the address fields a request leaves out. Leave every field blank for no default address.
        </p>
        {ADDRESS.map(field)}
      </fieldset>
      <fieldset className="space-y-3 rounded border border-slate-300 bg-white p-4">
        <legend className="px-1 font-semibold">Expiry</legend>
        <CheckboxField
          name="expireTransactions"
          label="Expire Payment Transactions?"
          hint="On: an unpaid transaction becomes expired at its expiration time. Off: it is marked expired only when the customer next tries to pay."
          values={state.values}
          resetKey={resetKey}
        />
        {field(["defaultExpiration", "Default expiration time", "HH:MM:SS or D HH:MM:SS, for requests that give no expiration_time."])}
      </fieldset>
      <fieldset className="space-y-3 rounded border border-slate-300 bg-white p-4">
        <legend className="px-1 font-semibold">Legacy interface (/pos/)</legend>
        {field([
          "legacyAllowedNetworks",
          "Callers allowed without credentials",
          "IPv4 or IPv6 addresses or CIDR networks (e.g. 203.0.113.0/24, 2001:db8::/32), separated by commas: old shop plugins calling /pos/crt/ from them need no credentials and may use every gateway code. Blank: credentials are always required.",
        ])}
        <CheckboxField
          name="legacyMultiStepCheckout"
          label="Multi-step checkout"
          hint="On: legacy e-commerce requests must say capture_address and capture_delivery (true or false)."
          values={state.values}
          resetKey={resetKey}
        />
      </fieldset>
      <div className="flex items-center gap-4">
        <SubmitButton busyLabel="Saving…" className={primaryButton}>
          Save settings
        </SubmitButton>
        <p role="status" className="text-sm text-green-800">
          {state.saved ?? ""}
        </p>
        {Object.keys(state.errors).length > 0 ? <p className="text-sm font-semibold text-red-800">Not saved: see the problems at the top of the form.</p> : null}
      </div>
    </form>
  );
}
