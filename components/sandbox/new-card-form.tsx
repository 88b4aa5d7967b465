import { sandboxMessages as t, type SandboxField } from "@/lib/i18n/sandbox-messages";
import { CardField } from "./card-fields";
import { sandboxButtonClass, sandboxLinkClass } from "./sandbox-shell";

const has = (errors: SandboxField[], field: SandboxField) => (errors.includes(field) ? field : undefined);

/** The card form. It posts to the sandbox's charge route; card data never goes into a URL. */
export function NewCardForm({
  reference,
  canSaveCard,
  errors,
  heading,
}: {
  reference: string;
  canSaveCard: boolean;
  errors: SandboxField[];
  heading: string;
}) {
  return (
    <form method="post" action="/sandbox/api/charge" className="mt-6" aria-labelledby="new-card-title">
      <h2 id="new-card-title" className="text-lg font-bold">
        {heading}
      </h2>
      <input type="hidden" name="reference" value={reference} />
      <div className="mt-3 space-y-4">
        <CardField
          id="card-number"
          name="card_number"
          label={t.cardNumber}
          error={has(errors, "cardNumber")}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          required
        />
        <div className="grid grid-cols-2 gap-4">
          <CardField
            id="expiry"
            name="expiry"
            label={t.expiry}
            hint={t.expiryHint}
            error={has(errors, "expiry")}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            required
          />
          <CardField
            id="cvv"
            name="cvv"
            label={t.cvv}
            hint={t.cvvHint}
            error={has(errors, "cvv")}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
          />
        </div>
        <CardField id="card-name" name="name" label={t.name} error={has(errors, "name")} autoComplete="cc-name" maxLength={64} required />
        {canSaveCard ? (
          <div className="flex items-start gap-3">
            <input
              id="save-card"
              name="save_card"
              type="checkbox"
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
      <button type="submit" className={`mt-6 ${sandboxButtonClass}`}>
        {t.pay}
      </button>
      <p className="mt-4 text-center">
        <a className={sandboxLinkClass} href={`/sandbox/api/cancel?reference=${encodeURIComponent(reference)}`}>
          {t.cancel}
        </a>
      </p>
    </form>
  );
}
