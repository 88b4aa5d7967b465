"use client";

import { type FormEvent, type ReactNode, useActionState, useState } from "react";
import type { FieldErrors } from "@/lib/core/errors";
import { CHANNEL_NAMES } from "@/lib/delivery/notifications/channels";
import type { LinkFormState, LinkFormValues } from "@/lib/panel/payment-links/create-link-form";
import type { NewLinkForm } from "@/lib/panel/payment-links/load-new-link-form";
import { describeField } from "./field-description";
import { fieldMessages } from "./form-messages";
import { focusRing, link, primaryButton } from "./panel-styles";

type Action = (state: LinkFormState, form: FormData) => Promise<LinkFormState>;

const INPUT = `mt-1 w-full rounded border border-slate-400 bg-white px-2 py-1.5 aria-invalid:border-red-700 ${focusRing}`;
const EXPIRY_CHOICES = ["01:00:00", "1 00:00:00", "3 00:00:00", "7 00:00:00", "30 00:00:00"];
const ATTACHMENT_TYPES = ".pdf,.jpeg,.jpg,.png,.doc,.docx";

/** A field's input id, its hint and errors below it, and what its input says of them. */
function described(errors: FieldErrors, name: string, hint?: ReactNode) {
  const id = `link-${name}`;
  return { id, ...describeField(id, fieldMessages(errors, name), hint) };
}

const Required = () => (
  <span aria-hidden="true" className="text-red-800">
    {" "}
    *
  </span>
);

function Text(props: {
  errors: FieldErrors;
  values: LinkFormValues;
  name: keyof LinkFormValues & string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  type?: "text" | "email" | "tel";
  inputMode?: "decimal";
  list?: string;
  autoComplete?: string;
  className?: string;
}) {
  const { id, invalid, describedBy, below } = described(props.errors, props.name, props.hint);
  return (
    <div className={props.className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
        {props.required ? <Required /> : null}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        list={props.list}
        autoComplete={props.autoComplete ?? "off"}
        defaultValue={String(props.values[props.name])}
        required={props.required}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={INPUT}
      />
      {below}
    </div>
  );
}

/**
 * The currency and the gateways that take it: changing the currency ticks that currency's gateways (the production
 * ones, or the sandbox ones when there are none). Without scripts the links under the gateways reload the form for
 * another currency, ticked for it.
 */
function CurrencyAndGateways({ form, values, errors }: { form: NewLinkForm; values: LinkFormValues; errors: FieldErrors }) {
  const [currency, setCurrency] = useState(values.currency_code);
  const [ticked, setTicked] = useState(values.pg_codes);
  const currencyField = described(errors, "currency_code");
  const others = form.currencies.filter((c) => c.code !== currency);
  const gatewaysField = described(
    errors,
    "pg_codes",
    <>
      Ticked: your gateways that take {currency || "the currency"}, production or sandbox, never both.
      {others.length ? (
        <>
          {" "}
          For another currency:{" "}
          {others.map((c, i) => (
            <span key={c.code}>
              {i > 0 ? ", " : ""}
              <a href={`?currency=${c.code}`} className={link}>
                {c.code}
              </a>
            </span>
          ))}
          .
        </>
      ) : null}
    </>,
  );
  function changeCurrency(code: string) {
    setCurrency(code);
    setTicked(form.preselected[code] ?? []);
  }
  const toggle = (code: string, on: boolean) => setTicked((codes) => (on ? [...codes, code] : codes.filter((c) => c !== code)));
  return (
    <>
      <div className="w-40">
        <label htmlFor={currencyField.id} className="block text-sm font-medium">
          Currency
          <Required />
        </label>
        <select
          id={currencyField.id}
          name="currency_code"
          // Uncontrolled: React resets a form after its action, and a controlled select would fall back to the
          // first option then; defaultValue is what the reset restores (the subtree is remounted with the answer).
          defaultValue={values.currency_code}
          onChange={(e) => changeCurrency(e.target.value)}
          required
          aria-invalid={currencyField.invalid}
          aria-describedby={currencyField.describedBy}
          className={INPUT}
        >
          {form.currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code}
            </option>
          ))}
        </select>
        {currencyField.below}
      </div>
      <fieldset aria-describedby={gatewaysField.describedBy} className="basis-full">
        <legend className="text-sm font-medium">
          Gateways the customer may pay with
          <Required />
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {form.gateways.map((g) => (
            <label key={g.code} className="inline-flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                name="pg_codes"
                value={g.code}
                checked={ticked.includes(g.code)}
                onChange={(e) => toggle(g.code, e.target.checked)}
                className={focusRing}
              />
              {g.name} <span className="text-slate-600">({g.code}: {g.currencies.join(", ")}{g.isSandbox ? ", sandbox" : ""})</span>
            </label>
          ))}
        </div>
        {gatewaysField.below}
      </fieldset>
    </>
  );
}

/**
 * The "New payment link" form. Amount, currency and gateways are required (marked before sending; the currency
 * and the gateways come filled in); everything else is optional, the expiry filled in from the settings. Errors
 * show under their fields with what was typed (the file has to be chosen again: browsers never keep one).
 */
export function PaymentLinkForm({
  form,
  action,
  idempotencyKey,
  maxAttachmentBytes,
}: {
  form: NewLinkForm;
  action: Action;
  idempotencyKey: string;
  maxAttachmentBytes: number;
}) {
  const initial: LinkFormState = {
    values: {
      amount: "",
      currency_code: form.currency ?? "",
      pg_codes: form.preselected[form.currency ?? ""] ?? [],
      customer_first_name: "",
      customer_last_name: "",
      customer_email: "",
      customer_phone: "",
      product_type: "",
      order_no: "",
      expiration_time: form.defaultExpiration,
      language: "en",
      send: [],
      idempotency_key: idempotencyKey,
    },
    errors: {},
    created: null,
  };
  const [state, formAction, pending] = useActionState(action, initial);
  const [fileError, setFileError] = useState<string | null>(null);
  const { values } = state;
  const errors: FieldErrors = fileError ? { ...state.errors, attachment: [fileError] } : state.errors;
  const general = fieldMessages(errors, "non_field_errors");
  const megabytes = maxAttachmentBytes / 1024 / 1024;

  // A file over the limit is refused here, before it is sent (the server checks it again, and its type).
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const file = new FormData(event.currentTarget).get("attachment");
    const tooBig = file instanceof File && file.size > maxAttachmentBytes;
    setFileError(tooBig ? `The attachment is larger than ${megabytes} MiB.` : null);
    if (tooBig) event.preventDefault();
  }

  const attachment = described(errors, "attachment", `PDF, JPEG, PNG, DOC or DOCX, at most ${megabytes} MB; a short link to it is made too.`);
  const send = described(errors, "send", "The link goes to the customer at once; leave all unticked to send it yourself (copy it, or the QR code, from the next screen).");
  const language = described(errors, "language");
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="mt-4 space-y-5 rounded border border-slate-300 bg-white p-5">
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="rounded border-2 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
          {general.length ? general.join(" ") : "No payment link was created and nothing was sent: correct the fields marked below."}
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        Fields marked <span className="text-red-800">*</span> are required.
      </p>
      <div key={JSON.stringify([values, state.errors])} className="space-y-5">
        <input type="hidden" name="idempotency_key" value={values.idempotency_key} />
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <Text
            errors={errors}
            values={values}
            name="amount"
            label="Amount"
            required
            inputMode="decimal"
            className="w-48"
            hint={`At most ${form.currencies.map((c) => `${c.decimals} decimal places in ${c.code}`).join(", ")}.`}
          />
          <CurrencyAndGateways form={form} values={values} errors={errors} />
        </div>
        <fieldset className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold">Customer</legend>
          <Text errors={errors} values={values} name="customer_first_name" label="First name" />
          <Text errors={errors} values={values} name="customer_last_name" label="Last name" />
          <Text errors={errors} values={values} name="customer_email" label="E-mail" type="email" hint="Needed to send the link by e-mail." />
          <Text errors={errors} values={values} name="customer_phone" label="Phone" type="tel" hint="Digits with the country code, e.g. +96550000000; needed to send it by SMS or WhatsApp." />
        </fieldset>
        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Text errors={errors} values={values} name="product_type" label="What is being paid for" hint="Shown on the payment page and in the messages; at most 128 characters." />
          <Text errors={errors} values={values} name="order_no" label="Order or invoice number" hint="Unique among links that can still be paid." />
          <Text
            errors={errors}
            values={values}
            name="expiration_time"
            label="Expires after"
            list="link-expiry-choices"
            hint={`HH:MM:SS, or D HH:MM:SS for days (7 00:00:00 is a week). The settings' default: ${form.defaultExpiration}.`}
          />
          <datalist id="link-expiry-choices">
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice} />
            ))}
          </datalist>
          <div>
            <label htmlFor={language.id} className="block text-sm font-medium">
              Language of the page and the messages
            </label>
            <select id={language.id} name="language" defaultValue={values.language} aria-invalid={language.invalid} aria-describedby={language.describedBy} className={INPUT}>
              <option value="en">English</option>
              <option value="ar">Arabic</option>
            </select>
            {language.below}
          </div>
        </div>
        <div>
          <label htmlFor={attachment.id} className="block text-sm font-medium">
            Attachment (an invoice, say)
          </label>
          <input
            id={attachment.id}
            name="attachment"
            type="file"
            accept={ATTACHMENT_TYPES}
            aria-invalid={attachment.invalid}
            aria-describedby={attachment.describedBy}
            className={`mt-1 block text-sm ${focusRing}`}
          />
          {attachment.below}
        </div>
        <fieldset aria-describedby={send.describedBy}>
          <legend className="text-sm font-medium">Send it now by</legend>
          <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
            {form.channels.map((channel) => (
              <label key={channel} className="inline-flex items-center gap-1.5 text-sm">
                <input type="checkbox" name="send" value={channel} defaultChecked={values.send.includes(channel)} className={focusRing} />
                {CHANNEL_NAMES[channel]}
              </label>
            ))}
          </div>
          {send.below}
        </fieldset>
      </div>
      {/* A second press while the first is on its way sends the same one-time key: still one link. */}
      <button type="submit" aria-disabled={pending || undefined} className={primaryButton}>
        {pending ? "Creating…" : "Create payment link"}
      </button>
    </form>
  );
}
