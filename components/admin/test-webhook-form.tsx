"use client";

import { useActionState, useEffect, useRef } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import { tryOutcome } from "@/lib/delivery/webhooks/failure-cause";
import type { TestWebhookFormState } from "@/lib/panel/admin/send-test-webhook-form";
import { link, secondaryButton } from "./panel-styles";
import { RawText, SentHeaders } from "./webhook-exchange";

const EMPTY: TestWebhookFormState = { url: "", result: null, error: null };

/**
 * "Send a test webhook": a signed sample payload posted to the typed URL as a real delivery would be; the
 * receiver's answer (status, duration, the start of its body) or the cause of the failure, in words, right below.
 */
export function TestWebhookForm({ action }: { action: (state: TestWebhookFormState, form: FormData) => Promise<TestWebhookFormState> }) {
  const [state, formAction] = useActionState(action, EMPTY);
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.result || state.error) outcome.current?.focus();
  }, [state]);
  const r = state.result;
  return (
    <div className="mt-3">
      <form action={formAction} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow">
          <label htmlFor="test-webhook-url" className="block text-sm font-medium">
            Receiver URL
          </label>
          <input
            id="test-webhook-url"
            name="url"
            type="url"
            inputMode="url"
            defaultValue={state.url}
            key={state.url}
            placeholder="https://shop.example/webhooks"
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? "test-webhook-error" : undefined}
            className="mt-1 w-full rounded border border-slate-400 px-2 py-1.5 aria-invalid:border-red-700"
          />
        </div>
        <SubmitButton busyLabel="Sending…" className={secondaryButton}>
          Send a test webhook
        </SubmitButton>
      </form>
      <div ref={outcome} tabIndex={-1} role="group" aria-label="Test webhook answer" className="mt-3 outline-none">
        {state.error ? (
          <p id="test-webhook-error" role="alert" className="text-sm text-red-800">
            {state.error}
          </p>
        ) : null}
        <p role="status" className="text-sm font-medium">
          {r ? `${tryOutcome({ status_code: r.status, error: r.error }).replace(/\.$/, "")}, in ${r.durationMs} ms.` : ""}
        </p>
        {r ? (
          <>
            <h3 className="mt-2 text-sm font-semibold">Answer (first 2 KB)</h3>
            <RawText text={r.status === null ? null : (r.excerpt ?? "")} label="Answer to the test webhook" />
            <details className="mt-2">
              <summary className={`cursor-pointer text-sm font-medium ${link}`}>What was sent</summary>
              <h3 className="mt-2 text-sm font-semibold">Headers</h3>
              <SentHeaders headers={r.sentHeaders} />
              <h3 className="mt-2 text-sm font-semibold">Body</h3>
              <RawText text={r.body} label="Body of the test webhook" />
            </details>
          </>
        ) : null}
      </div>
    </div>
  );
}
