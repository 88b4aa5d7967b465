import type { ReactNode } from "react";
import type { ListFilterChoices } from "@/lib/panel/admin/read-list-filters";
import type { FilterField, FilterValues } from "@/lib/panel/admin/transaction-list-filters";
import type { FieldErrors } from "@/lib/core/errors";
import { TRANSACTION_STATES } from "@/lib/checkout/lifecycle/states";
import { PAYMENT_TYPES } from "@/lib/panel/admin/transaction-list-filters";
import { primaryButton } from "./panel-styles";

interface Props {
  values: FilterValues;
  errors: FieldErrors;
  choices: ListFilterChoices;
}

const PAYMENT_TYPE_LABELS = { one_off: "One-off payment", save_card: "Saves the card", auto_debit: "Auto-debit (card saved under an agreement)" };

const INPUT = "mt-1 w-full rounded border border-slate-400 bg-white px-2 py-1.5 aria-invalid:border-red-700";

/**
 * The list's filters and search as a plain GET form: the URL holds them, so it works without scripts, can be
 * bookmarked, and each wrong value comes back under its field with what was asked.
 */
export function TransactionFilters({ values, errors, choices }: Props) {
  const problems = (name: FilterField) => {
    const value = errors[name];
    return Array.isArray(value) ? value : [];
  };
  const describedBy = (name: FilterField, hint?: boolean) =>
    [hint ? `filter-${name}-hint` : "", problems(name).length ? `filter-${name}-error` : ""].filter(Boolean).join(" ") || undefined;
  const errorText = (name: FilterField) =>
    problems(name).length ? (
      <p id={`filter-${name}-error`} className="mt-1 text-sm text-red-800">
        {problems(name).join(" ")}
      </p>
    ) : null;
  const field = (name: FilterField, label: string, control: ReactNode, hint?: string) => (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      {control}
      {hint ? (
        <p id={`filter-${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {errorText(name)}
    </div>
  );
  const text = (name: FilterField, extra: { type?: string; inputMode?: "decimal"; hint?: boolean } = {}) => (
    <input
      id={`filter-${name}`}
      name={name}
      type={extra.type ?? "text"}
      inputMode={extra.inputMode}
      defaultValue={values[name]}
      aria-invalid={problems(name).length > 0}
      aria-describedby={describedBy(name, extra.hint)}
      className={INPUT}
    />
  );
  const select = (name: FilterField, any: string, options: readonly string[], extra: { hint?: boolean; labels?: Record<string, string> } = {}) => (
    <select
      id={`filter-${name}`}
      name={name}
      defaultValue={values[name]}
      aria-invalid={problems(name).length > 0}
      aria-describedby={describedBy(name, extra.hint)}
      className={INPUT}
    >
      <option value="">{any}</option>
      {/* A value that is not a choice stays selected, so the form shows what was asked beside its error. */}
      {[...(values[name] && !options.includes(values[name]) ? [values[name]] : []), ...options].map((o) => (
        <option key={o} value={o}>
          {extra.labels?.[o] ?? o}
        </option>
      ))}
    </select>
  );
  // A box ticked sends its value; unticked, nothing (no filter).
  const checkbox = (name: FilterField, value: string, label: string) => (
    <div className="flex items-start gap-2 pt-6">
      <input
        id={`filter-${name}`}
        name={name}
        type="checkbox"
        value={value}
        defaultChecked={values[name] === value}
        aria-invalid={problems(name).length > 0}
        aria-describedby={describedBy(name)}
        className="mt-1 h-4 w-4"
      />
      <div>
        <label htmlFor={`filter-${name}`} className="text-sm font-medium">
          {label}
        </label>
        {errorText(name)}
      </div>
    </div>
  );
  return (
    <form method="get" action="/admin/transactions" role="search" aria-label="Filter transactions" className="mt-4 rounded border border-slate-300 bg-white p-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-4">
          {field(
            "q",
            "Search",
            text("q", { type: "search", hint: true }),
            "The start of an order number, reference number or session id, or any part of the customer's name, e-mail or phone (3 characters or more).",
          )}
        </div>
        {field("state", "State", select("state", "Any state", TRANSACTION_STATES))}
        {field("gateway", "Gateway", select("gateway", "Any gateway", choices.gateways))}
        {field("paid_via", "Paid through", select("paid_via", "Any gateway", choices.gateways, { hint: true }), "The gateway that took the payment")}
        {field("currency", "Currency", select("currency", "Any currency", choices.currencies))}
        {field("type", "Payment type", select("type", "Any type", PAYMENT_TYPES, { labels: PAYMENT_TYPE_LABELS }))}
        {checkbox("refunds", "yes", "Has refunds")}
        {checkbox("webhooks", "failing", "Has failing webhooks")}
        {field("from", "Created from", text("from", { type: "date", hint: true }), "UTC day, included")}
        {field("to", "Created to", text("to", { type: "date", hint: true }), "UTC day, included")}
        {field("min", "Lowest amount", text("min", { inputMode: "decimal" }))}
        {field("max", "Highest amount", text("max", { inputMode: "decimal" }))}
      </div>
      <div className="mt-4 flex items-center gap-4">
        <button type="submit" className={primaryButton}>
          Apply filters
        </button>
        {/* A full page load on purpose: a client-side navigation would keep what the inputs hold (their
            defaultValue is read once), so the cleared filters would still show. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/admin/transactions" className="text-sm text-blue-800 underline">
          Clear filters
        </a>
      </div>
    </form>
  );
}
