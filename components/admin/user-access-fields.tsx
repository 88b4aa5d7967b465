import type { UserAccessValues } from "@/lib/panel/admin/read-user-access";
import { ACTIONS } from "@/lib/access/auth/permissions";
import type { FieldErrors } from "@/lib/core/errors";
import { FieldError, fieldMessages } from "./form-messages";
import { focusRing } from "./panel-styles";

export interface GatewayChoice {
  code: string;
  name: string;
  enabled: boolean;
}

const box = `size-4 accent-blue-700 ${focusRing}`;

/**
 * What a user may do, as form fields: the superuser box, then the gateways and actions a user who is not a
 * superuser is limited to. `idPrefix` keeps ids unique when two forms share a page.
 */
export function UserAccessFields({
  idPrefix,
  values,
  errors,
  gateways,
}: {
  idPrefix: string;
  values: UserAccessValues;
  errors: FieldErrors;
  gateways: GatewayChoice[];
}) {
  const superuserErrors = fieldMessages(errors, "isSuperuser");
  const group = (name: "gatewayCodes" | "permissions", legend: string, hint: string, options: { value: string; label: string }[]) => {
    const messages = fieldMessages(errors, name);
    return (
      <fieldset
        className="min-w-56"
        aria-describedby={`${idPrefix}-${name}-hint${messages.length ? ` ${idPrefix}-${name}-error` : ""}`}
      >
        <legend className="text-sm font-medium">{legend}</legend>
        <p id={`${idPrefix}-${name}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
        {options.length === 0 ? (
          <p className="mt-1 text-sm">None yet.</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {options.map((option) => (
              <li key={option.value}>
                <label className="inline-flex items-center gap-2 text-sm">
                  <input type="checkbox" name={name} value={option.value} defaultChecked={values[name].includes(option.value)} className={box} />
                  {option.label}
                </label>
              </li>
            ))}
          </ul>
        )}
        <FieldError id={`${idPrefix}-${name}-error`} messages={messages} />
      </fieldset>
    );
  };
  return (
    <>
      <div className="basis-full">
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="isSuperuser"
            defaultChecked={values.isSuperuser}
            aria-invalid={superuserErrors.length > 0}
            aria-describedby={`${idPrefix}-isSuperuser-hint${superuserErrors.length ? ` ${idPrefix}-isSuperuser-error` : ""}`}
            className={box}
          />
          Superuser
        </label>
        <p id={`${idPrefix}-isSuperuser-hint`} className="text-xs text-slate-600">
          A superuser may do everything, on every gateway, and manage the service; the boxes below are then ignored.
        </p>
        <FieldError id={`${idPrefix}-isSuperuser-error`} messages={superuserErrors} />
      </div>
      {group(
        "gatewayCodes",
        "Gateways",
        "Transactions on these gateways only",
        gateways.map((g) => ({ value: g.code, label: `${g.name} (${g.code})${g.enabled ? "" : ", disabled"}` })),
      )}
      {group(
        "permissions",
        "Actions",
        "What this user may do to those transactions",
        ACTIONS.map((action) => ({ value: action, label: action })),
      )}
    </>
  );
}
