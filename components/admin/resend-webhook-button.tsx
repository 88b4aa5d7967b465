"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import type { RetryFormState } from "@/lib/panel/admin/retry-deliveries-form";
import { ActionOutcome } from "./form-messages";
import { primaryButton } from "./panel-styles";

const EMPTY: RetryFormState = { message: null, error: null };

/** Sends one webhook delivery again now, through the failing deliveries' retry: the confirmation step without scripts. */
export function ResendWebhookButton({
  deliveryId,
  label,
  action,
}: {
  deliveryId: string;
  label: string;
  action: (state: RetryFormState, form: FormData) => Promise<RetryFormState>;
}) {
  const [state, formAction] = useActionState(action, EMPTY);
  return (
    <form action={formAction} className="mt-3 flex flex-wrap items-center gap-3">
      <input type="hidden" name="only" value={deliveryId} />
      <SubmitButton busyLabel="Resending…" className={primaryButton}>
        {label}
      </SubmitButton>
      <ActionOutcome message={state.message} error={state.error} />
    </form>
  );
}
