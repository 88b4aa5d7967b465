"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import { sandboxMessages as t } from "@/lib/checkout/i18n/sandbox-messages";
import { CardField } from "./card-field";
import { type ChargeAction, EMPTY_CHARGE_FORM } from "./charge-form-state";
import { ErrorSummary } from "./error-summary";
import { ScriptedField, useFollowNext } from "./use-follow-next";
import { sandboxButtonClass, sandboxLinkClass } from "./sandbox-frame";

export interface SavedCardView {
  id: string;
  brand: string;
  masked: string;
  expiry: string;
  /** Expires before the merchant's min_expiry_time allows: shown, not selectable. */
  tooSoon: boolean;
}

/**
 * The customer's saved cards: choose one and give its CVV again. Each "Remove" button submits the separate
 * remove form (by its `form` attribute), since forms cannot nest.
 */
export function SavedCardsForm({ action, reference, cards }: { action: ChargeAction; reference: string; cards: SavedCardView[] }) {
  const [{ errors, next }, formAction] = useActionState(action, EMPTY_CHARGE_FORM);
  useFollowNext(next);
  const cardError = errors.find((e) => e === "savedCardId" || e === "expiryTooSoon");
  const firstUsable = cards.find((card) => !card.tooSoon)?.id;
  return (
    <section aria-labelledby="saved-cards-title" className="mt-6">
      <form action={formAction}>
        <input type="hidden" name="reference" value={reference} />
      <ScriptedField />
        {errors.length > 0 ? <ErrorSummary /> : null}
        <fieldset aria-describedby={cardError ? "saved-card-error" : undefined}>
          <legend id="saved-cards-title" className="text-lg font-bold">
            {t.savedCards}
          </legend>
          {cardError ? (
            <p id="saved-card-error" className="mt-1 text-sm font-medium text-red-800">
              {t.errors[cardError]}
            </p>
          ) : null}
          <ul className="mt-3 space-y-2">
            {cards.map((card) => (
              <li key={card.id} className="flex items-center gap-3 rounded-md border-2 border-zinc-300 bg-white p-3 has-[input:checked]:border-zinc-900">
                <input
                  id={`saved-card-${card.id}`}
                  type="radio"
                  name="saved_card_id"
                  value={card.id}
                  required
                  disabled={card.tooSoon}
                  defaultChecked={card.id === firstUsable}
                  className="size-5 shrink-0 accent-zinc-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                />
                <label htmlFor={`saved-card-${card.id}`} className="min-w-0 flex-1 font-medium">
                  {t.savedCardLabel(card.brand, card.masked, card.expiry)}
                  {card.tooSoon ? <span className="block text-sm font-normal text-zinc-700">{t.expiresTooSoon}</span> : null}
                </label>
                <button
                  type="submit"
                  form="remove-card"
                  name="card_id"
                  value={card.id}
                  formNoValidate
                  aria-label={t.removeLabel(card.brand, card.masked)}
                  className={`shrink-0 rounded-sm px-2 py-1 ${sandboxLinkClass}`}
                >
                  {t.remove}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="mt-4">
          <CardField
            id="saved-cvv"
            name="cvv"
            label={t.savedCvv}
            hint={t.cvvHint}
            error={errors.includes("cvv") ? "cvv" : undefined}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
          />
        </div>
        <SubmitButton className={`mt-4 ${sandboxButtonClass}`} busyLabel={t.processing}>
          {t.payWithSaved}
        </SubmitButton>
      </form>
      <form id="remove-card" method="post" action="/sandbox/api/remove-card">
        <input type="hidden" name="reference" value={reference} />
      </form>
    </section>
  );
}
