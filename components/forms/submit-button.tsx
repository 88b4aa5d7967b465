"use client";

import { type ReactNode, type MouseEvent, useEffect, useRef, useState } from "react";
import { useFormStatus } from "react-dom";
import { SpinnerIcon } from "@/components/icons/icons";

/**
 * A form's submit button that cannot send its form twice: after the first press it shows progress, and every
 * submit button of the form ignores further presses. Marked aria-disabled rather than disabled, since a
 * disabled button's name and value would be left out of the form it is sending. Works for plain HTML forms (the
 * browser navigates away) and for server action forms (ready again when the action answers). Without
 * JavaScript it is a plain submit button.
 */
export function SubmitButton({
  children,
  busyLabel,
  className,
  name,
  value,
}: {
  children: ReactNode;
  busyLabel: string;
  className: string;
  name?: string;
  value?: string;
}) {
  const { pending } = useFormStatus();
  const [sent, setSent] = useState(false);
  const [wasPending, setWasPending] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // A server action that answered (with field errors, say) makes the form usable again.
  if (pending !== wasPending) {
    setWasPending(pending);
    if (!pending) setSent(false);
  }

  useEffect(() => {
    const form = button.current?.form;
    if (form && !sent && !pending) delete form.dataset.sent;
  }, [sent, pending]);

  useEffect(() => {
    // Back to this page from the browser's cache: the form was sent from the earlier visit.
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setSent(false);
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const busy = sent || pending;
  function onClick(event: MouseEvent<HTMLButtonElement>) {
    const form = event.currentTarget.form;
    if (busy || form?.dataset.sent !== undefined) {
      event.preventDefault();
      return;
    }
    // Only a form the browser will actually send makes the button busy (not one its own checks stop).
    if (form && !form.checkValidity()) return;
    if (form) form.dataset.sent = "";
    setSent(true);
  }

  return (
    <button ref={button} type="submit" name={name} value={value} aria-disabled={busy || undefined} onClick={onClick} className={className}>
      {busy ? (
        <span className="inline-flex items-center justify-center gap-2">
          <SpinnerIcon className="size-5 animate-spin" />
          {busyLabel}
        </span>
      ) : (
        children
      )}
    </button>
  );
}
