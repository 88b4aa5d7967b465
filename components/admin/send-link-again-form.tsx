"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import { CHANNEL_NAMES, type Channel } from "@/lib/delivery/notifications/channels";
import type { SendAgainState } from "@/lib/panel/payment-links/send-link-again-form";
import { ActionOutcome } from "./form-messages";
import { focusRing, secondaryButton } from "./panel-styles";

type Action = (state: SendAgainState, form: FormData) => Promise<SendAgainState>;

/**
 * "Send again": the payment link to the customer once more, on the channels ticked (those without a contact on the
 * transaction cannot be ticked). What was sent, or why nothing was, is announced beside the button.
 */
export function SendLinkAgainForm({
  sessionId,
  channels,
  action,
}: {
  sessionId: string;
  channels: { channel: Channel; contact: string | null }[];
  action: Action;
}) {
  const [state, formAction] = useActionState(action, { sent: null, error: null });
  const first = channels.find((c) => c.contact)?.channel;
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="session_id" value={sessionId} />
      <fieldset>
        <legend className="text-sm font-medium">Send the link again</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {channels.map(({ channel, contact }) => (
            <label key={channel} className="inline-flex items-center gap-1.5">
              <input type="checkbox" name="channels" value={channel} disabled={!contact} defaultChecked={channel === first} className={focusRing} />
              {CHANNEL_NAMES[channel]} {contact ? <span className="text-slate-700">to {contact}</span> : <span className="text-slate-600">(no contact)</span>}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busyLabel="Sending…" className={secondaryButton}>
          Send again
        </SubmitButton>
        <ActionOutcome message={state.sent} error={state.error} />
      </div>
    </form>
  );
}
