"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import type { RetryFormState } from "@/lib/panel/admin/retry-deliveries-form";
import { ActionOutcome } from "./form-messages";
import { secondaryButton } from "./panel-styles";

const EMPTY: RetryFormState = { message: null, error: null };

/** Sends the transaction's latest webhook delivery again now, through the failing deliveries' retry. */
export function ResendWebhookButton({ deliveryId, action }: { deliveryId: string; action: (state: RetryFormState, form: FormData) => Promise<RetryFormState> }) {
  const [state, formAction] = useActionState(action, EMPTY);
  return (
    <form action={formAction} className="mt-2 flex flex-wrap items-center gap-3">
      <input type="hidden" name="only" value={deliveryId} />
      <SubmitButton busyLabel="Resending…" className={secondaryButton}>
        Resend webhook
      </SubmitButton>
      <ActionOutcome message={state.message} error={state.error} />
    </form>
  );
}
