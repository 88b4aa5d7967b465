"use client";

import { FormErrorSummary } from "@/components/panel/form-error-summary";
import { type FormEvent, type ReactNode, useActionState, useState } from "react";
import type { GatewayFormState, GatewayFormValues } from "@/lib/panel/admin/save-gateway-form";
import type { FieldErrors } from "@/lib/core/errors";
import { CREDENTIAL_FIELDS } from "@/lib/gateways/credential-fields";
import { ICON_MAX_BYTES, ICON_TOO_BIG } from "@/lib/gateways/gateway-icon-limit";
import { KNOWN_PGS, type KnownPg } from "@/lib/gateways/known-gateways";
import type { PanelGateway } from "@/lib/config/gateway-settings/panel-gateway";
import { describeField } from "./field-description";
import { focusRing, primaryButton } from "./panel-styles";

type Action = (state: GatewayFormState, form: FormData) => Promise<GatewayFormState>;

const INPUT = `mt-1 rounded border border-slate-400 px-2 py-1.5 aria-invalid:border-red-700 read-only:bg-slate-100 ${focusRing}`;

function errorsOf(errors: FieldErrors, path: string): string[] {
  const [head, ...rest] = path.split(".");
  const value = errors[head!];
  if (rest.length === 0) return Array.isArray(value) ? value : [];
  return value && !Array.isArray(value) ? errorsOf(value, rest.join(".")) : [];
}

const idFor = (name: string) => `gateway-${name.replace(".", "-")}`;

/** The fields a refused save's summary links to (radio and checkbox groups link to their first choice's group). */
const SUMMARY_FIELDS: { name: string; label: string; id?: string }[] = [
  { name: "code", label: "Code" },
  { name: "name", label: "Name" },
  { name: "pg", label: "Payment gateway" },
  { name: "priority", label: "Failover priority" },
  { name: "feeFixed", label: "Fixed fee" },
  { name: "feePercent", label: "Percentage fee" },
  { name: "icon", label: "Icon" },
  { name: "iconUrl", label: "Icon URL" },
];

/** The hint and the errors under a field, and the ids its input points at with aria-describedby. */
const fieldDescription = (errors: FieldErrors, name: string, hint?: ReactNode) => describeField(idFor(name), errorsOf(errors, name), hint);

function TextField(props: {
  errors: FieldErrors;
  name: keyof GatewayFormValues;
  label: string;
  value: string;
  hint?: ReactNode;
  readOnly?: boolean;
  inputMode?: "decimal" | "numeric" | "url";
  className?: string;
}) {
  const { invalid, describedBy, below } = fieldDescription(props.errors, props.name, props.hint);
  return (
    <div>
      <label htmlFor={idFor(props.name)} className="block text-sm font-medium">
        {props.label}
      </label>
      <input
        id={idFor(props.name)}
        name={props.name}
        defaultValue={props.value}
        readOnly={props.readOnly}
        inputMode={props.inputMode}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={`${INPUT} ${props.className ?? "w-full max-w-md"}`}
      />
      {below}
    </div>
  );
}

function Choices(props: {
  errors: FieldErrors;
  name: keyof GatewayFormValues;
  legend: string;
  type: "radio" | "checkbox";
  options: { value: string; label: string }[];
  chosen: string[];
  hint?: ReactNode;
}) {
  const { describedBy, below } = fieldDescription(props.errors, props.name, props.hint);
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium">{props.legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {props.options.map((o) => (
          <label key={o.value} className="inline-flex items-center gap-1.5">
            <input type={props.type} name={props.name} value={o.value} defaultChecked={props.chosen.includes(o.value)} className={focusRing} />
            {o.label}
          </label>
        ))}
      </div>
      {below}
    </fieldset>
  );
}

function CredentialInput({ errors, name, label, hint }: { errors: FieldErrors; name: string; label: string; hint: string }) {
  const field = `credentials.${name}`;
  const { invalid, describedBy, below } = fieldDescription(errors, field, hint);
  return (
    <div>
      <label htmlFor={idFor(field)} className="block text-sm font-medium">
        {label}
      </label>
      {/* A password field, so the value is not shown while typed; "new-password" keeps the browser from filling in the admin's own. */}
      <input id={idFor(field)} name={field} type="password" autoComplete="new-password" aria-invalid={invalid} aria-describedby={describedBy} className={`${INPUT} w-full max-w-md`} />
      {below}
    </div>
  );
}

/**
 * Creates a gateway setting, or edits `gateway`. Errors show under their field with what was typed (never the
 * credentials, which are not shown again once saved: only their last four characters).
 */
export function GatewayForm({
  action,
  gateway,
  codeFixed,
  currencies,
}: {
  action: Action;
  gateway: PanelGateway | null;
  codeFixed: boolean;
  currencies: { code: string; enabled: boolean }[];
}) {
  const initial: GatewayFormState = {
    values: {
      code: gateway?.code ?? "",
      name: gateway?.name ?? "",
      pg: gateway?.pg ?? KNOWN_PGS[0],
      mode: gateway?.mode ?? "sandbox",
      currencies: gateway?.currencies ?? [],
      operation: gateway?.operation ?? "purchase",
      priority: String(gateway?.priority ?? 0),
      feeFixed: gateway?.feeFixed ?? "0",
      feePercent: gateway?.feePercent ?? "0",
      iconUrl: gateway?.iconUrl ?? "",
      removeIcon: false,
    },
    errors: {},
    saved: null,
  };
  const [state, formAction, pending] = useActionState(action, initial);
  const [iconError, setIconError] = useState<string | null>(null);
  const [pg, setPg] = useState(state.values.pg as KnownPg);
  const { values } = state;
  const errors: FieldErrors = iconError ? { ...state.errors, icon: [iconError] } : state.errors;

  // A file over the limit is refused here, before it is sent (the server checks it again).
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const file = new FormData(event.currentTarget).get("icon");
    const tooBig = file instanceof File && file.size > ICON_MAX_BYTES;
    setIconError(tooBig ? ICON_TOO_BIG : null);
    if (tooBig) event.preventDefault();
  }

  const iconField = fieldDescription(errors, "icon", "PNG, JPEG or WebP, at most 256 KB. Checked by its content.");
  const fixedHint = "Fixed: transactions already use this gateway setting, and they keep naming it.";
  const credentialFields = CREDENTIAL_FIELDS[pg] ?? [];

  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="mt-4 space-y-5 rounded border border-slate-300 bg-white p-5">
      <FormErrorSummary
        errors={errors}
        title="The gateway setting was not saved. Correct these and save again:"
        fields={[...SUMMARY_FIELDS, ...credentialFields.map((c) => ({ name: `credentials.${c.name}`, id: idFor(`credentials.${c.name}`), label: c.label }))].map((f) => ({ ...f, id: f.id ?? idFor(f.name) }))}
      />
      <div key={JSON.stringify([values, state.errors])} className="space-y-5">
        <TextField
          errors={errors}
          name="code"
          label="Code"
          value={values.code}
          readOnly={codeFixed}
          className="w-full max-w-xs font-mono"
          hint={codeFixed ? fixedHint : "What merchants pass in pg_codes: 1–64 letters, digits, '-' or '_'. Fixed once a transaction uses it."}
        />
        <TextField errors={errors} name="name" label="Name" value={values.name} hint="Shown to customers on the payment page. Empty: the code." />
        {codeFixed ? (
          <TextField errors={errors} name="pg" label="Payment gateway" value={values.pg} readOnly className="w-full max-w-xs" hint={fixedHint} />
        ) : (
          <PgSelect errors={errors} value={pg} onChange={setPg} />
        )}
        <Choices
          errors={errors}
          name="mode"
          legend="Mode"
          type="radio"
          options={[
            { value: "sandbox", label: "Sandbox (test payments)" },
            { value: "production", label: "Production" },
          ]}
          chosen={[values.mode]}
        />
        <Choices
          errors={errors}
          name="currencies"
          legend="Currencies"
          type="checkbox"
          options={currencies.map((c) => ({ value: c.code, label: c.enabled ? c.code : `${c.code} (disabled)` }))}
          chosen={values.currencies}
          hint={currencies.length ? "The currencies this gateway setting accepts; only enabled currencies can be chosen." : "No enabled currency: add one under Currencies first."}
        />
        <Choices
          errors={errors}
          name="operation"
          legend="Operation"
          type="radio"
          options={[
            { value: "purchase", label: "Purchase (charge at once)" },
            { value: "authorize", label: "Authorize (capture later)" },
          ]}
          chosen={[values.operation]}
        />
        <TextField
          errors={errors}
          name="priority"
          label="Failover priority"
          value={values.priority}
          inputMode="numeric"
          className="w-40"
          hint="When the gateway a customer chose is down, the payment starts on the transaction's other gateway of highest priority (-1000 to 1000; equal: the order of pg_codes)."
        />
        <div className="flex flex-wrap gap-6">
          <TextField errors={errors} name="feeFixed" label="Fixed fee" value={values.feeFixed} inputMode="decimal" className="w-40" hint="In the transaction's currency, e.g. 0.250." />
          <TextField errors={errors} name="feePercent" label="Percentage fee" value={values.feePercent} inputMode="decimal" className="w-40" hint="0 to 100, e.g. 1.5." />
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Icon</legend>
          {gateway ? (
            <p className="flex items-center gap-2 text-sm">
              {/* eslint-disable-next-line @next/next/no-img-element -- icons are uploaded files or arbitrary URLs */}
              <img src={gateway.shownIcon} alt="" width={32} height={32} className="size-8 object-contain" />
              Shown now: {gateway.iconUrl ? "the icon URL" : gateway.hasUploadedIcon ? "the uploaded icon" : `the ${gateway.pg} icon`}.
            </p>
          ) : null}
          <div>
            <label htmlFor={idFor("icon")} className="block text-sm">
              Upload an icon
            </label>
            <input
              id={idFor("icon")}
              name="icon"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-invalid={iconField.invalid}
              aria-describedby={iconField.describedBy}
              className={`mt-1 block text-sm ${focusRing}`}
            />
            {iconField.below}
          </div>
          {gateway?.hasUploadedIcon ? (
            <label className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" name="removeIcon" defaultChecked={values.removeIcon} className={focusRing} />
              Remove the uploaded icon
            </label>
          ) : null}
          <TextField errors={errors} name="iconUrl" label="Icon URL" value={values.iconUrl} inputMode="url" hint="An https address; used instead of an uploaded icon. Empty: none." />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Credentials</legend>
          <p className="text-xs text-slate-600">Stored encrypted; never shown again once saved, only their last four characters.</p>
          {errorsOf(errors, "credentials").length ? <p className="text-sm text-red-800">{errorsOf(errors, "credentials").join(" ")}</p> : null}
          {credentialFields.length === 0 ? <p className="text-sm">This gateway takes no credentials.</p> : null}
          {credentialFields.map((f) => {
            const stored = gateway?.pg === pg ? gateway.credentialsHint[f.name] : undefined;
            const hint =
              stored === undefined
                ? `Not set${f.required ? "" : " (optional)"}.`
                : `Saved${stored ? `, ends in ${stored}` : ""}. Leave empty to keep it.`;
            return <CredentialInput key={`${pg}:${f.name}`} errors={errors} name={f.name} label={f.label} hint={hint} />;
          })}
        </fieldset>
      </div>
      <button type="submit" aria-disabled={pending || undefined} className={primaryButton}>
        {pending ? "Saving…" : gateway ? "Save changes" : "Create gateway setting"}
      </button>
    </form>
  );
}

function PgSelect({ errors, value, onChange }: { errors: FieldErrors; value: KnownPg; onChange: (pg: KnownPg) => void }) {
  const { invalid, describedBy, below } = fieldDescription(errors, "pg", "The adapter that talks to the payment gateway.");
  return (
    <div>
      <label htmlFor={idFor("pg")} className="block text-sm font-medium">
        Payment gateway
      </label>
      <select
        id={idFor("pg")}
        name="pg"
        value={value}
        onChange={(e) => onChange(e.target.value as KnownPg)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={`${INPUT} w-full max-w-xs bg-white`}
      >
        {KNOWN_PGS.map((pg) => (
          <option key={pg} value={pg}>
            {pg}
          </option>
        ))}
      </select>
      {below}
    </div>
  );
}
