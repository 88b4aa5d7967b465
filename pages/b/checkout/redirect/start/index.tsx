import type { GetServerSideProps, PageConfig } from "next";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { toCheckoutView, type CheckoutView } from "@/components/checkout/checkout-view";
import { PaymentForm } from "@/components/checkout/payment-form";
import { PaymentNotFound } from "@/components/checkout/payment-not-found";
import { PaymentResult } from "@/components/checkout/payment-result";
import { loadPaymentPage } from "@/lib/checkout-page/load-payment-page";
import { appContext } from "@/lib/context";
import { isNotFound, notFoundProps, type NotFoundProps } from "@/lib/http/not-found-props";
import { setPageSecurityHeaders } from "@/lib/http/page-security-headers";
import { queryParam } from "@/lib/http/query-param";
import { checkoutMessages } from "@/lib/i18n/checkout-messages";
import { formatMoney } from "@/lib/i18n/format-money";

// The hosted payment page behind checkout_url: server-rendered HTML and a plain form, no JavaScript at all.
export const config: PageConfig = { unstable_runtimeJS: false };

type Props = { view: CheckoutView; kind: "pay" | "expired" | "finished"; language: CheckoutView["language"] } | NotFoundProps;

export const getServerSideProps: GetServerSideProps<Props> = async ({ query, res }) => {
  setPageSecurityHeaders(res);
  const page = await loadPaymentPage({ ctx: appContext(), input: { sessionId: queryParam(query.session_id) } });
  if (!page) return notFoundProps(res);
  // Finished, and (with a webhook_url) its first webhook answered 200: back to the merchant.
  if (page.redirectUrl) return { redirect: { destination: page.redirectUrl, statusCode: 303 } };
  return { props: { view: toCheckoutView(page), kind: page.kind, language: page.language } };
};

export default function PaymentStartPage(props: Props) {
  if (isNotFound(props)) return <PaymentNotFound />;
  const { view, kind } = props;
  const t = checkoutMessages(view.language);
  const money = (amount: string) => formatMoney(amount, view.currency, view.decimals, view.language);

  if (kind !== "pay" && view.result) {
    return (
      <CheckoutShell
        language={view.language}
        merchant={view.merchant}
        title={`${t.results[view.result.kind].title} · ${view.merchant.name}`}
      >
        <PaymentResult view={view} result={view.result} />
      </CheckoutShell>
    );
  }

  return (
    <CheckoutShell language={view.language} merchant={view.merchant} title={t.pageTitle(view.merchant.name)}>
      <h1 className="text-2xl font-bold">{t.pageTitle(view.merchant.name)}</h1>
      <dl className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
        <dt className="text-sm text-slate-700">{t.amountToPay}</dt>
        <dd className="mt-1 text-3xl font-bold tabular-nums" data-testid="amount">
          {money(view.amount)}
        </dd>
        {view.orderNo ? (
          <>
            <dt className="mt-3 text-sm text-slate-700">{t.orderNo}</dt>
            <dd className="font-medium break-all">
              <bdi>{view.orderNo}</bdi>
            </dd>
          </>
        ) : null}
      </dl>
      {view.retryNotice ? (
        <p role="alert" className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900">
          {view.retryNotice === "declined" ? t.lastDeclined : t.lastCanceled}
        </p>
      ) : null}
      <PaymentForm
        language={view.language}
        sessionId={view.sessionId}
        currency={view.currency}
        decimals={view.decimals}
        methods={view.methods}
      />
    </CheckoutShell>
  );
}
