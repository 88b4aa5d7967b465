"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useActionState, useRef } from "react";
import type { GatewayEnabledState } from "@/lib/panel/admin/set-gateway-enabled-form";
import { focusRing } from "./panel-styles";

type Action = (state: GatewayEnabledState, form: FormData) => Promise<GatewayEnabledState>;

const BUTTON = `rounded border px-2.5 py-1 text-sm font-medium ${focusRing}`;

/** Enables a gateway setting, or disables it once the superuser confirms (merchants then cannot pay with it). */
export function GatewayEnabledToggle({ code, enabled, action }: { code: string; enabled: boolean; action: Action }) {
  const [state, formAction, pending] = useActionState(action, { error: null, done: null });
  const form = useRef<HTMLFormElement>(null);
  return (
    <form ref={form} action={formAction}>
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="enabled" value={String(!enabled)} />
      {enabled ? (
        <AlertDialog.Root>
          <AlertDialog.Trigger className={`${BUTTON} border-red-700 text-red-800 hover:bg-red-50`} aria-disabled={pending || undefined}>
            Disable<span className="sr-only"> {code}</span>
          </AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 bg-slate-900/40" />
            <AlertDialog.Content className="fixed top-1/3 left-1/2 w-[min(28rem,90vw)] -translate-x-1/2 rounded bg-white p-5 shadow-lg">
              <AlertDialog.Title className="text-lg font-semibold">Disable {code}?</AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-sm">
                Merchants can no longer create transactions with it, nor customers pay with it. Transactions already made
                keep it for their refunds and captures. You can enable it again later.
              </AlertDialog.Description>
              <div className="mt-4 flex justify-end gap-3">
                <AlertDialog.Cancel className={`${BUTTON} border-slate-400`}>Keep it enabled</AlertDialog.Cancel>
                {/* The dialog is outside the form (a portal): this sends the form, then the dialog closes. */}
                <AlertDialog.Action className={`${BUTTON} border-red-700 bg-red-700 text-white`} onClick={() => form.current?.requestSubmit()}>
                  Disable {code}
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      ) : (
        <button type="submit" aria-disabled={pending || undefined} className={`${BUTTON} border-slate-500 hover:bg-slate-100`}>
          Enable<span className="sr-only"> {code}</span>
        </button>
      )}
      {state.error ? (
        <p role="alert" className="mt-1 max-w-xs text-sm text-red-800">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
