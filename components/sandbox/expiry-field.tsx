"use client";

import type { FormEvent } from "react";
import { sandboxMessages as t, type SandboxField } from "@/lib/checkout/i18n/sandbox-messages";
import { CardField } from "./card-field";

/** MM/YY with the slash typed for the customer ("1230" → "12/30", "4" → "04/"); plain without scripts. */
export function ExpiryField({ error, defaultValue }: { error?: SandboxField; defaultValue: string }) {
  function onInput(event: FormEvent<HTMLInputElement>) {
    const field = event.currentTarget;
    if ((event.nativeEvent as InputEvent).inputType?.startsWith("delete")) return;
    let digits = field.value.replace(/\D/g, "").slice(0, 4);
    if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
    field.value = digits.length >= 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
  }
  return (
    <CardField
      id="expiry"
      name="expiry"
      label={t.expiry}
      hint={t.expiryHint}
      error={error}
      inputMode="numeric"
      autoComplete="cc-exp"
      placeholder="MM/YY"
      maxLength={7}
      required
      defaultValue={defaultValue}
      onInput={onInput}
    />
  );
}
