"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useActionState, useState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import type { PanelOperation } from "@/lib/panel/admin/panel-operations";
import type { OperationFormState } from "@/lib/panel/admin/run-operation-form";
import { dangerButton, primaryButton, secondaryButton } from "./panel-styles";

type Action = (state: OperationFormState, form: FormData) => Promise<OperationFormState>;

export interface OfferedOperation {
  name: PanelOperation;
  /** The amount field's first value (what remains), or null when the operation takes no amount. */
  amount: string | null;
}

const TEXTS: Record<PanelOperation, { title: string; body: string; confirm: string }> = {
  refund: {
    title: "Refund this payment",
    body: "The amount goes back to the customer through the gateway. A refund cannot be undone.",
    confirm: "Refund",
  },
  capture: {
    title: "Capture this authorization",
    body: "The amount is charged from the authorized money; the rest of the authorization is released.",
    confirm: "Capture",
  },
  void: { title: "Void this authorization", body: "The whole authorization is released: the customer is charged nothing.", confirm: "Void" },
  cancel: {
    title: "Cancel this transaction",
    body: "The customer can no longer pay it; a payment under way at its gateway is released.",
    confirm: "Cancel the transaction",
  },
  expire: { title: "Expire this transaction", body: "It expires now: the customer can no longer pay it.", confirm: "Expire the transaction" },
};

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The buttons of the operations this user may start on the transaction now, each asking for confirmation in a
 * dialog (with the amount for a refund or capture). The verb's errors show in the dialog, under the amount or
 * about the operation; once done, the dialog closes and the result is announced here.
 */
export function OperationDialogs(props: {
  sessionId: string;
  version: string;
  currency: string;
  operations: OfferedOperation[];
  /** Why there is no button, when there is none. */
  noneNote: string;
  action: Action;
}) {
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="mt-3">
      {props.operations.length === 0 ? <p className="text-sm text-slate-700">{props.noneNote}</p> : null}
      <div className="flex flex-wrap gap-3">
        {props.operations.map((operation) => (
          <OperationDialog key={operation.name} {...props} operation={operation} onDone={setDone} />
        ))}
      </div>
      <p role="status" className="mt-3 text-sm text-green-800">
        {done ?? ""}
      </p>
    </div>
  );
}

function OperationDialog({
  sessionId,
  version,
  currency,
  operation,
  action,
  onDone,
}: {
  sessionId: string;
  version: string;
  currency: string;
  operation: OfferedOperation;
  action: Action;
  onDone: (message: string) => void;
}) {
  const { name } = operation;
  const text = TEXTS[name];
  const [open, setOpen] = useState(false);
  const [state, formAction] = useActionState<OperationFormState, FormData>(
    async (previous, form) => {
      const next = await action(previous, form);
      if (next.done) {
        setOpen(false);
        onDone(next.done);
      }
      return next;
    },
    { values: { amount: operation.amount ?? "" }, errors: {}, error: null, done: null },
  );
  const amountErrors = Array.isArray(state.errors.amount) ? state.errors.amount : [];
  const id = (part: string) => `${name}-${part}`;
  // After a success the page shows the new remaining amount; after an error, what was typed.
  const amount = state.done ? (operation.amount ?? "") : state.values.amount;
  const danger = name !== "capture";

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={danger ? secondaryButton : primaryButton}>{capitalized(name)}…</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 w-[min(34rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 text-slate-900 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{text.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm">{text.body}</AlertDialog.Description>
          <form action={formAction} noValidate className="mt-4">
            <input type="hidden" name="sessionId" value={sessionId} />
            <input type="hidden" name="operation" value={name} />
            <input type="hidden" name="version" value={version} />
            {operation.amount !== null ? (
              <div>
                <label htmlFor={id("amount")} className="block text-sm font-medium">
                  Amount ({currency})
                </label>
                <input
                  id={id("amount")}
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={amount}
                  key={`${amount}:${state.done ?? ""}:${operation.amount}`}
                  aria-invalid={amountErrors.length > 0}
                  aria-describedby={`${id("amount-hint")}${amountErrors.length ? ` ${id("amount-error")}` : ""}`}
                  className="mt-1 w-48 rounded border border-slate-500 px-2 py-1.5 aria-invalid:border-red-700"
                />
                <p id={id("amount-hint")} className="mt-1 text-xs text-slate-700">
                  At most {operation.amount} {currency}.
                </p>
                {amountErrors.length > 0 ? (
                  <p id={id("amount-error")} className="mt-1 text-sm text-red-800">
                    {amountErrors.join(" ")}
                  </p>
                ) : null}
              </div>
            ) : null}
            {state.error ? (
              <p role="alert" className="mt-3 text-sm text-red-800">
                {state.error}
              </p>
            ) : null}
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel className={secondaryButton}>Go back</AlertDialog.Cancel>
              <SubmitButton busyLabel="Sending…" className={danger ? dangerButton : primaryButton}>
                {text.confirm}
              </SubmitButton>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
