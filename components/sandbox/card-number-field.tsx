"use client";

import { type FormEvent, useEffect, useRef, useState } from "react";
import { CardIcon } from "@/components/icons/icons";
import { cardBrand } from "@/lib/gateways/sandbox/test-cards";
import { sandboxMessages as t, type SandboxField } from "@/lib/checkout/i18n/sandbox-messages";
import { CardField } from "./card-field";

/** Digits in the groups printed on the card: 4-6-5 for American Express, fours otherwise. */
export function groupCardNumber(digits: string): string {
  if (/^3[47]/.test(digits)) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(" ");
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * The card number field: with scripts, the number is grouped as it is typed and its brand shown beside the
 * label; without, a plain field (the gateway ignores spaces either way).
 */
export function CardNumberField({ error }: { error?: SandboxField }) {
  const [brand, setBrand] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The form is reset after a refused payment (the number is never sent back): forget the brand too.
    const form = input.current?.form;
    const onReset = () => setBrand(null);
    form?.addEventListener("reset", onReset);
    return () => form?.removeEventListener("reset", onReset);
  }, []);

  function onInput(event: FormEvent<HTMLInputElement>) {
    const field = event.currentTarget;
    const caret = field.selectionStart ?? field.value.length;
    const digitsBeforeCaret = field.value.slice(0, caret).replace(/\D/g, "").length;
    const digits = field.value.replace(/\D/g, "").slice(0, 19);
    const grouped = groupCardNumber(digits);
    field.value = grouped;
    // Keep the caret after the same digit, wherever the spaces moved.
    let position = 0;
    for (let seen = 0; position < grouped.length && seen < digitsBeforeCaret; position++) if (grouped[position] !== " ") seen++;
    field.setSelectionRange(position, position);
    const detected = cardBrand(digits);
    setBrand(digits.length >= 2 && detected !== "Card" ? detected : null);
  }

  return (
    <CardField
      ref={input}
      id="card-number"
      name="card_number"
      label={t.cardNumber}
      error={error}
      inputMode="numeric"
      autoComplete="cc-number"
      maxLength={23}
      required
      onInput={onInput}
      aside={
        brand ? (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-zinc-800" aria-label={t.brandDetected(brand)}>
            <CardIcon className="size-4" />
            {brand}
          </span>
        ) : null
      }
    />
  );
}
