"use client";

import { FormErrorSummary } from "@/components/panel/form-error-summary";
import { useActionState } from "react";
import type { UserAccessFormState } from "@/lib/panel/admin/update-user-access-form";
import type { UserAccessValues } from "@/lib/panel/admin/read-user-access";
import { SavedStatus } from "./form-messages";
import { type GatewayChoice, UserAccessFields } from "./user-access-fields";
import { primaryButton } from "./panel-styles";

/** Changes what a user may do; a refusal (their own role, the last superuser) shows under the superuser box. */
export function UserAccessForm({
  action,
  userId,
  access,
  gateways,
}: {
  action: (state: UserAccessFormState, form: FormData) => Promise<UserAccessFormState>;
  userId: string;
  access: UserAccessValues;
  gateways: GatewayChoice[];
}) {
  const [state, formAction, pending] = useActionState(action, { values: access, errors: {}, saved: null });
  const drawn = `${JSON.stringify(state.values)}:${state.saved ?? ""}:${JSON.stringify(state.errors)}`;
  return (
    <form action={formAction} className="mt-4 flex flex-wrap items-start gap-6 rounded border border-slate-300 bg-white p-4" noValidate>
      <input type="hidden" name="id" value={userId} />
      <FormErrorSummary errors={state.errors} fields={[]} />
      <UserAccessFields key={drawn} idPrefix="access" values={state.values} errors={state.errors} gateways={gateways} />
      <div className="basis-full">
        <button type="submit" aria-disabled={pending} className={primaryButton}>
          {pending ? "Saving…" : "Save access"}
        </button>
      </div>
      <SavedStatus message={state.saved} />
    </form>
  );
}
