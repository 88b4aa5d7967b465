import Link from "next/link";
import { checkoutMessages, type ResultKind } from "@/lib/i18n/checkout-messages";
import { formatMoney } from "@/lib/i18n/format-money";
import { startPagePath, type CheckoutView } from "./checkout-view";
import { buttonClass } from "./styles";

const TONE: Record<ResultKind, { mark: string; className: string }> = {
  paid: { mark: "✓", className: "bg-green-100 text-green-900" },
  authorized: { mark: "✓", className: "bg-green-100 text-green-900" },
  declined: { mark: "✕", className: "bg-red-100 text-red-900" },
  canceled: { mark: "✕", className: "bg-slate-200 text-slate-900" },
  error: { mark: "!", className: "bg-red-100 text-red-900" },
  expired: { mark: "⌛", className: "bg-amber-100 text-amber-950" },
  pending: { mark: "…", className: "bg-amber-100 text-amber-950" },
  closed: { mark: "–", className: "bg-slate-200 text-slate-900" },
};

const RETRYABLE: ResultKind[] = ["declined", "canceled"];

/** The outcome of a payment: approved or not, its reference number and amount, and what the customer can do next. */
export function PaymentResult({ view, result }: { view: CheckoutView; result: NonNullable<CheckoutView["result"]> }) {
  const t = checkoutMessages(view.language);
  const text = t.results[result.kind];
  const tone = TONE[result.kind];
  return (
    <section aria-labelledby="result-title">
      <div role={result.kind === "pending" ? "status" : undefined} className="text-center">
        <span
          aria-hidden="true"
          className={`mx-auto flex size-14 items-center justify-center rounded-full text-2xl font-bold ${tone.className}`}
        >
          {tone.mark}
        </span>
        <h1 id="result-title" className="mt-4 text-2xl font-bold">
          {text.title}
        </h1>
        <p className="mt-2 text-slate-700">
          {result.kind === "expired" ? t.expiredBody(view.merchant.name) : text.body}
        </p>
      </div>
      <dl className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {result.referenceNumber ? (
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-700">{t.referenceNumber}</dt>
            <dd className="font-mono font-medium break-all" dir="ltr">
              {result.referenceNumber}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 p-3">
          <dt className="text-slate-700">{t.amount}</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(result.amount, view.currency, view.decimals, view.language)}</dd>
        </div>
        {view.orderNo ? (
          <div className="flex justify-between gap-4 p-3">
            <dt className="text-slate-700">{t.orderNo}</dt>
            <dd className="font-medium break-all">
              <bdi>{view.orderNo}</bdi>
            </dd>
          </div>
        ) : null}
      </dl>
      {RETRYABLE.includes(result.kind) ? (
        <p className="mt-6">
          <Link href={startPagePath(view.sessionId)} className={buttonClass}>
            {t.tryAgain}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
