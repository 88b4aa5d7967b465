import type { ComponentType, SVGProps } from "react";
import { AlertIcon, CheckIcon, ClockIcon, CrossIcon, MinusIcon } from "@/components/icons/icons";
import { checkoutMessages, type ResultKind } from "@/lib/checkout/i18n/checkout-messages";
import { formatDateTime } from "@/lib/checkout/i18n/format-date-time";
import { formatMoney } from "@/lib/checkout/i18n/format-money";
import { BackToMerchant } from "./back-to-merchant";
import type { CheckoutView, ResultView } from "./checkout-view";
import { buttonClass, secondaryButtonClass } from "./styles";

const TONE: Record<ResultKind, { Icon: ComponentType<SVGProps<SVGSVGElement>>; className: string }> = {
  paid: { Icon: CheckIcon, className: "bg-green-100 text-green-900" },
  authorized: { Icon: CheckIcon, className: "bg-green-100 text-green-900" },
  declined: { Icon: CrossIcon, className: "bg-red-100 text-red-900" },
  failed: { Icon: CrossIcon, className: "bg-red-100 text-red-900" },
  canceled: { Icon: CrossIcon, className: "bg-slate-200 text-slate-900" },
  abandoned: { Icon: CrossIcon, className: "bg-slate-200 text-slate-900" },
  error: { Icon: AlertIcon, className: "bg-red-100 text-red-900" },
  expired: { Icon: ClockIcon, className: "bg-amber-100 text-amber-950" },
  pending: { Icon: ClockIcon, className: "bg-amber-100 text-amber-950" },
  superseded: { Icon: MinusIcon, className: "bg-slate-200 text-slate-900" },
  duplicate: { Icon: ClockIcon, className: "bg-amber-100 text-amber-950" },
  closed: { Icon: MinusIcon, className: "bg-slate-200 text-slate-900" },
};

/** Outcomes after which the customer may pay again, and the button that takes them back to the form. */
const RETRY: Partial<Record<ResultKind, "tryAgain" | "backToPayment">> = {
  declined: "tryAgain",
  canceled: "tryAgain",
  superseded: "backToPayment",
};

/** Outcomes without a payment: "Back to {merchant}", telling the merchant's page the outcome (back-to-merchant.tsx). */
const LEFT: ResultKind[] = ["declined", "failed", "canceled", "abandoned", "error", "expired", "superseded"];

/** Outcomes of a payment that went through (or is closed): a way back to the merchant's site when it has one. */
const DONE: ResultKind[] = ["paid", "authorized", "duplicate", "closed"];

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 p-3">
      <dt className="text-slate-700">{term}</dt>
      <dd className="text-end font-medium break-all">{children}</dd>
    </div>
  );
}

/** The outcome of a payment: what happened, its receipt details, and what the customer can do next. */
export function PaymentResult({ view, result }: { view: CheckoutView; result: ResultView }) {
  const t = checkoutMessages(view.language);
  const text = t.results[result.kind];
  const { Icon, className } = TONE[result.kind];
  const retry = RETRY[result.kind];
  const website = DONE.includes(result.kind) ? view.merchant.websiteUrl : null;
  const hasContact = !!(view.merchant.supportEmail || view.merchant.supportPhone);
  // Without a contact, the expired page does not send the customer to one.
  const body = result.kind === "expired" && hasContact ? t.expiredBody(view.merchant.name) : text.body;
  return (
    <section aria-labelledby="result-title">
      <div role={result.kind === "pending" ? "status" : undefined} className="text-center">
        <span className={`mx-auto flex size-14 items-center justify-center rounded-full ${className}`}>
          <Icon className="size-8" />
        </span>
        <h1 id="result-title" className="mt-4 text-2xl font-bold">
          {text.title}
        </h1>
        <p className="mt-2 text-slate-700">{body}</p>
        {result.declineReason && (result.kind === "declined" || result.kind === "failed") ? (
          <p className="mt-2 font-medium" data-testid="decline-reason">
            {t.declineReasons[result.declineReason]}
          </p>
        ) : null}
      </div>
      <dl className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {result.referenceNumber ? (
          <Detail term={t.referenceNumber}>
            <span className="font-mono" dir="ltr">
              {result.referenceNumber}
            </span>
          </Detail>
        ) : null}
        <Detail term={t.amount}>
          <span className="font-semibold tabular-nums">{formatMoney(result.amount, view.currency, view.decimals, view.language)}</span>
        </Detail>
        {result.completedAt && result.kind !== "superseded" ? (
          <Detail term={t.date}>
            <time dateTime={result.completedAt}>{formatDateTime(result.completedAt, view.language)}</time>
          </Detail>
        ) : null}
        {result.methodName ? (
          <Detail term={t.method}>
            <span className="block">{result.methodName}</span>
            {result.card ? (
              <span className="block text-sm font-normal text-slate-700" dir="ltr">
                {result.card.brand} {result.card.masked}
              </span>
            ) : null}
          </Detail>
        ) : null}
        {view.orderNo ? (
          <Detail term={t.orderNo}>
            <bdi>{view.orderNo}</bdi>
          </Detail>
        ) : null}
        {result.message ? (
          <Detail term={t.message}>
            <bdi>{result.message}</bdi>
          </Detail>
        ) : null}
      </dl>
      {retry ? (
        // A form, not a link: the one way to act on these pages, with or without scripts.
        <form method="get" action="/b/checkout/redirect/start/" className="mt-6">
          <input type="hidden" name="session_id" value={view.sessionId} />
          <button type="submit" className={buttonClass}>
            {t[retry]}
          </button>
        </form>
      ) : null}
      {LEFT.includes(result.kind) ? <BackToMerchant view={view} /> : null}
      {website ? (
        <p className="mt-6">
          <a href={website} className={secondaryButtonClass}>
            {t.returnTo(view.merchant.name)}
          </a>
        </p>
      ) : null}
    </section>
  );
}
