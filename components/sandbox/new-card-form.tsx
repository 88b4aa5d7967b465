"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import { sandboxMessages as t, type SandboxField } from "@/lib/checkout/i18n/sandbox-messages";
import { CardField } from "./card-field";
import { CardNumberField } from "./card-number-field";
import { type ChargeAction, EMPTY_CHARGE_FORM } from "./charge-form-state";
import { ErrorSummary } from "./error-summary";
import { ExpiryField } from "./expiry-field";
import { ScriptedField, useFollowNext } from "./use-follow-next";
import { sandboxButtonClass } from "./sandbox-frame";

/**
 * The card form, sent to the sandbox's charge action (a server action: without scripts the browser posts it and
 * gets the page back). A refused form comes back with its errors, the name and the expiry; card data never
 * goes into an address.
 */
export function NewCardForm({
  action,
  reference,
  canSaveCard,
  mustSave,
  heading,
}: {
  action: ChargeAction;
  reference: string;
  canSaveCard: boolean;
  /** The merchant's transaction saves the card whatever the customer says: a notice instead of the checkbox. */
  mustSave: { merchantName: string } | null;
  heading: string;
}) {
  const [{ errors, values, next }, formAction] = useActionState(action, EMPTY_CHARGE_FORM);
  useFollowNext(next);
  const has = (field: SandboxField) => (errors.includes(field) ? field : undefined);
  return (
    <form action={formAction} className="mt-6" aria-labelledby="new-card-title">
      <h2 id="new-card-title" className="text-lg font-bold">
        {heading}
      </h2>
      {errors.length > 0 ? <ErrorSummary /> : null}
      <input type="hidden" name="reference" value={reference} />
      <ScriptedField />
      <div className="mt-3 space-y-4">
        <CardNumberField error={has("cardNumber")} />
        <div className="grid grid-cols-2 gap-4">
          <ExpiryField error={has("expiry") ?? has("expiryTooSoon")} defaultValue={values.expiry} />
          <CardField
            id="cvv"
            name="cvv"
            label={t.cvv}
            hint={t.cvvHint}
            error={has("cvv")}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
          />
        </div>
        <CardField id="card-name" name="name" label={t.name} error={has("name")} autoComplete="cc-name" maxLength={64} required defaultValue={values.name} />
        {mustSave ? (
          <div className="rounded-md border border-zinc-400 bg-white p-3">
            {/* The gateway saves the card anyway (must_save); the field only says so in the form's data. */}
            <input type="hidden" name="save_card" value="on" />
            <p>
              <span className="block font-medium">{t.willBeSaved(mustSave.merchantName)}</span>
              <span className="block text-sm text-zinc-700">{t.saveCardHint}</span>
            </p>
          </div>
        ) : canSaveCard ? (
          <div className="flex items-start gap-3">
            <input
              id="save-card"
              name="save_card"
              type="checkbox"
              defaultChecked={values.saveCard}
              aria-describedby="save-card-hint"
              className="mt-1 size-5 accent-zinc-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            />
            <div>
              <label htmlFor="save-card" className="font-medium">
                {t.saveCard}
              </label>
              <p id="save-card-hint" className="text-sm text-zinc-700">
                {t.saveCardHint}
              </p>
            </div>
          </div>
        ) : null}
      </div>
      <SubmitButton className={`mt-6 ${sandboxButtonClass}`} busyLabel={t.processing}>
        {t.pay}
      </SubmitButton>
    </form>
  );
}
