import { checkoutMessages } from "@/lib/checkout/i18n/checkout-messages";
import { formatDateTime } from "@/lib/checkout/i18n/format-date-time";
import { formatMoney, isZeroAmount } from "@/lib/checkout/i18n/format-money";
import type { CheckoutView } from "./checkout-view";
import { ChosenMethodText } from "./chosen-method-text";

/**
 * The top of the payment page: the amount the customer pays with the chosen method (fee included; the first
 * method is chosen when the page opens), the order amount and fee beneath it when there is a fee, what is being
 * paid for, the order number and the due date.
 */
export function PaymentSummary({ view }: { view: CheckoutView }) {
  const t = checkoutMessages(view.language);
  const money = (amount: string) => formatMoney(amount, view.currency, view.decimals, view.language);
  const withFee = view.methods.some((m) => !isZeroAmount(m.fee));
  return (
    <dl className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-700">{t.amountToPay}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums" data-testid="amount">
        {view.methods.length > 0 ? <ChosenMethodText methods={view.methods} text={(m) => money(m.amount)} /> : money(view.amount)}
      </dd>
      {withFee ? (
        <dd className="mt-1 text-sm text-slate-700 tabular-nums" data-testid="order-amount">
          <ChosenMethodText methods={view.methods} text={(m) => (isZeroAmount(m.fee) ? "" : t.orderAmountWithFee(money(view.amount), money(m.fee)))} />
        </dd>
      ) : null}
      <Detail term={t.paymentFor} value={view.productType} />
      <Detail term={t.orderNo} value={view.orderNo} />
      {view.dueAt ? (
        <>
          <dt className="mt-3 text-sm text-slate-700">{t.due}</dt>
          <dd className="font-medium" data-testid="due">
            {formatDateTime(view.dueAt, view.language)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** A text the merchant gave, when it did (written in any script: isolated). */
function Detail({ term, value }: { term: string; value: string | null }) {
  if (!value) return null;
  return (
    <>
      <dt className="mt-3 text-sm text-slate-700">{term}</dt>
      <dd className="font-medium break-all">
        <bdi>{value}</bdi>
      </dd>
    </>
  );
}
