import type { GetServerSideProps, PageConfig } from "next";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { startPagePath, toCheckoutView, type CheckoutView } from "@/components/checkout/checkout-view";
import { PaymentNotFound } from "@/components/checkout/payment-not-found";
import { PaymentResult } from "@/components/checkout/payment-result";
import { loadPaymentPage } from "@/lib/checkout-page/load-payment-page";
import { appContext } from "@/lib/context";
import { isNotFound, notFoundProps, type NotFoundProps } from "@/lib/http/not-found-props";
import { setPageSecurityHeaders } from "@/lib/http/page-security-headers";
import { queryParam } from "@/lib/http/query-param";
import { checkoutMessages } from "@/lib/i18n/checkout-messages";

// Where the gateway's return lands the customer: the outcome, or on to the merchant when it has a redirect URL.
export const config: PageConfig = { unstable_runtimeJS: false };

/** While the bank has not answered, the page reloads itself (no script: a meta refresh). */
const PENDING_REFRESH_SECONDS = 5;

type Props = { view: CheckoutView & { result: NonNullable<CheckoutView["result"]> }; language: CheckoutView["language"] } | NotFoundProps;

export const getServerSideProps: GetServerSideProps<Props> = async ({ query, res }) => {
  setPageSecurityHeaders(res);
  const page = await loadPaymentPage({ ctx: appContext(), input: { sessionId: queryParam(query.session_id) } });
  if (!page) return notFoundProps(res);
  // Finished, and (with a webhook_url) its first webhook answered 200: back to the merchant.
  if (page.redirectUrl) return { redirect: { destination: page.redirectUrl, statusCode: 303 } };
  const view = toCheckoutView(page);
  // Nothing tried yet: the payment page is where to start.
  if (!view.result) return { redirect: { destination: startPagePath(page.sessionId), statusCode: 303 } };
  return { props: { view: { ...view, result: view.result }, language: page.language } };
};

export default function PaymentResultPage(props: Props) {
  if (isNotFound(props)) return <PaymentNotFound />;
  const { view } = props;
  const t = checkoutMessages(view.language);
  const pending = view.result.kind === "pending";
  return (
    <CheckoutShell
      language={view.language}
      merchant={view.merchant}
      title={`${t.results[view.result.kind].title} · ${view.merchant.name}`}
      head={pending ? <meta httpEquiv="refresh" content={String(PENDING_REFRESH_SECONDS)} /> : null}
    >
      <PaymentResult view={view} result={view.result} />
    </CheckoutShell>
  );
}
