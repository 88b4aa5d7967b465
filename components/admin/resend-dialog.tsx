"use client";

import { useActionState, useRef } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import type { RetryFormState } from "@/lib/panel/admin/retry-deliveries-form";
import { ActionOutcome } from "./form-messages";
import { primaryButton, secondaryButton } from "./panel-styles";

const EMPTY: RetryFormState = { message: null, error: null };

/**
 * "Resend…" for one delivery (any event of the transaction, not only the newest), confirmed first. Without
 * scripts it is a link to the delivery's confirmation step (`confirmHref`); with them it opens a modal
 * <dialog> (focus kept inside, Escape closes it, focus back on the button after). The answer shows beside it.
 */
export function ResendDialog({
  deliveryId,
  title,
  url,
  confirmHref,
  action,
}: {
  deliveryId: string;
  /** What is resent, e.g. "Delivery 2: paid". */
  title: string;
  url: string;
  confirmHref: string;
  action: (state: RetryFormState, form: FormData) => Promise<RetryFormState>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, formAction] = useActionState<RetryFormState, FormData>(async (previous, form) => {
    const next = await action(previous, form);
    if (!next.error) dialog.current?.close();
    return next;
  }, EMPTY);
  const titleId = `resend-title-${deliveryId}`;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <a
        href={confirmHref}
        className={secondaryButton}
        onClick={(event) => {
          event.preventDefault();
          dialog.current?.showModal();
        }}
      >
        Resend…<span className="sr-only"> {title}</span>
      </a>
      <ActionOutcome message={state.message} error={state.error} />
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(34rem,92vw)] rounded bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          Resend {title}?
        </h2>
        <p className="mt-2 text-sm">
          The same event is posted again now to <span className="font-mono break-all">{url}</span>: the same body and webhook-id, signed
          afresh. A receiver that already handled it should see a duplicate by its webhook-id.
        </p>
        <form action={formAction} className="mt-6">
          <input type="hidden" name="only" value={deliveryId} />
          {state.error ? (
            <p role="alert" className="mb-3 text-sm text-red-800">
              {state.error}
            </p>
          ) : null}
          <div className="flex justify-end gap-3">
            <button type="button" autoFocus className={secondaryButton} onClick={() => dialog.current?.close()}>
              Go back
            </button>
            <SubmitButton busyLabel="Resending…" className={primaryButton}>
              Resend
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </div>
  );
}
