"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import type { CurrencyToggleState } from "@/lib/panel/admin/toggle-currency-form";

const EMPTY: CurrencyToggleState = { message: null, error: null };

/** A currency row's Disable / Enable button; a refusal (the gateways that take it) shows under it, a change in the row. */
export function CurrencyToggle({
  action,
  code,
  enabled,
}: {
  action: (state: CurrencyToggleState, form: FormData) => Promise<CurrencyToggleState>;
  code: string;
  enabled: boolean;
}) {
  const [state, formAction] = useActionState(action, EMPTY);
  return (
    <form action={formAction}>
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="enabled" value={String(!enabled)} />
      <SubmitButton busyLabel="Saving…" className="rounded border border-slate-500 px-3 py-1 text-sm font-medium hover:bg-slate-100">
        {enabled ? "Disable" : "Enable"}
        <span className="sr-only"> {code}</span>
      </SubmitButton>
      {state.error ? (
        <p role="alert" className="mt-1 max-w-md text-sm text-red-800">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
