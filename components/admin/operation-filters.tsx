import type { FieldErrors } from "@/lib/core/errors";
import { OPERATION_KINDS, OPERATION_STATES, type OperationValues } from "@/lib/panel/admin/list-money-operations";
import { primaryButton } from "./panel-styles";

const SELECT = "mt-1 block rounded border border-slate-500 bg-white px-2 py-1.5 aria-invalid:border-red-700";

/** The operations screen's filters (kind, state): a plain GET form, so a filtered page has its own address. */
export function OperationFilters({ values, errors }: { values: OperationValues; errors: FieldErrors }) {
  const select = (name: "kind" | "state", label: string, options: readonly string[]) => {
    const problems = Array.isArray(errors[name]) ? (errors[name] as string[]) : [];
    return (
      <div>
        <label htmlFor={`filter-${name}`} className="block text-sm font-medium">
          {label}
        </label>
        <select
          id={`filter-${name}`}
          name={name}
          defaultValue={options.includes(values[name]) ? values[name] : ""}
          aria-invalid={problems.length > 0}
          aria-describedby={problems.length ? `filter-${name}-error` : undefined}
          className={SELECT}
        >
          <option value="">All</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        {problems.length ? (
          <p id={`filter-${name}-error`} className="mt-1 text-sm text-red-800">
            {problems.join(" ")}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <form method="get" action="/admin/operations" role="search" aria-label="Filter operations" className="mt-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-white p-4">
      {select("kind", "Kind", OPERATION_KINDS)}
      {select("state", "State", OPERATION_STATES)}
      <button type="submit" className={primaryButton}>
        Show
      </button>
    </form>
  );
}
