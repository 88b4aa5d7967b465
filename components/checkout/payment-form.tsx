import type { ReactNode } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import { checkoutMessages } from "@/lib/checkout/i18n/checkout-messages";
import { formatMoney, isZeroAmount, type Language } from "@/lib/checkout/i18n/format-money";
import type { ConsentView, MethodView } from "./checkout-view";
import { ChosenMethodText } from "./chosen-method-text";
import { buttonClass } from "./styles";

/**
 * One radio per payment method and a Pay button: a plain form posting to the pay route, which starts an attempt
 * and sends the browser on to the gateway. The first method is chosen when the page opens, and the button names
 * the chosen method's amount (by CSS, scripts or not: ChosenMethodText). Above the button, as text
 * of the form, what a save_card or auto_debit payment commits the customer to; a zero-amount save_card payment's
 * button says "Save card". `children`: fields the page asks for before the methods (a legacy transaction's
 * address and delivery location), sent with the same form.
 */
export function PaymentForm({
  language,
  sessionId,
  currency,
  decimals,
  methods,
  consent,
  children,
}: {
  language: Language;
  sessionId: string;
  currency: string;
  decimals: number;
  methods: MethodView[];
  consent: ConsentView | null;
  children?: ReactNode;
}) {
  const t = checkoutMessages(language);
  const money = (amount: string) => formatMoney(amount, currency, decimals, language);
  const saveOnly = consent?.kind === "save_card" && consent.nothingCharged !== null;
  return (
    <form method="post" action="/b/checkout/redirect/pay/" className="mt-6">
      <input type="hidden" name="session_id" value={sessionId} />
      {children ? <div className="mb-6">{children}</div> : null}
      <fieldset>
        <legend className="text-base font-semibold">{t.chooseMethod}</legend>
        <div className="mt-3 space-y-3">
          {methods.map((m, index) => {
            const id = `method-${m.code}`;
            const feeText = isZeroAmount(m.fee)
              ? t.noFee
              : language === "en" && m.feeDescription
                ? `${t.includesFee(money(m.fee))} (${m.feeDescription})`
                : t.includesFee(money(m.fee));
            return (
              <label
                key={m.code}
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 rounded-lg border-2 border-slate-300 bg-white p-3 has-[input:checked]:border-blue-700 has-[input:checked]:bg-blue-50 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-blue-700"
              >
                <input
                  id={id}
                  type="radio"
                  name="code"
                  value={m.code}
                  required
                  defaultChecked={index === 0}
                  data-method-index={index}
                  data-sandbox={m.isSandbox ? "" : undefined}
                  className="size-5 shrink-0 accent-blue-700 focus-visible:outline-none"
                />
                {/* eslint-disable-next-line @next/next/no-img-element -- gateway icons are arbitrary URLs */}
                <img src={m.icon} alt="" width={40} height={40} className="size-10 shrink-0 object-contain" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{m.name}</span>
                  <span className="block text-sm text-slate-700">{feeText}</span>
                </span>
                <span className="shrink-0 text-end font-semibold tabular-nums">{money(m.amount)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {consent ? <Consent consent={consent} /> : null}
      <SubmitButton className={`mt-6 ${buttonClass}`} busyLabel={t.processing}>
        {saveOnly ? t.saveCard : methods.length > 0 ? <ChosenMethodText methods={methods} text={(m) => t.payAmount(money(m.amount))} /> : t.pay}
      </SubmitButton>
      <p className="mt-3 text-center text-sm text-slate-700">{t.secureNote}</p>
    </form>
  );
}

/** What paying commits the customer to: plain text of the form, read before the button. */
function Consent({ consent }: { consent: ConsentView }) {
  if (consent.kind === "save_card") {
    return (
      <div className="mt-6 rounded-lg border border-slate-300 bg-white p-4" data-testid="consent">
        <p className="font-medium">{consent.notice}</p>
        {consent.nothingCharged ? <p className="mt-1 text-slate-700">{consent.nothingCharged}</p> : null}
      </div>
    );
  }
  return (
    <div className="mt-6 rounded-lg border-2 border-blue-700 bg-blue-50 p-4 text-slate-900" data-testid="consent">
      <p className="font-medium">
        {consent.leadParts[0]}
        {/* The id whole on one line when it fits a phone's line, else broken anywhere rather than overflowing. */}
        <bdi className={consent.leadParts[1].length <= 32 ? "whitespace-nowrap" : "break-all"}>{consent.leadParts[1]}</bdi>
        {consent.leadParts[2]}
      </p>
      <ul className="mt-2 list-disc space-y-1 ps-6">
        {consent.terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      <p className="mt-2">{consent.cardSaved}</p>
    </div>
  );
}
