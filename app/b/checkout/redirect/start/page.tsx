import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { BackToMerchant } from "@/components/checkout/back-to-merchant";
import { CaptureFields } from "@/components/checkout/capture-fields";
import { CheckoutFrame } from "@/components/checkout/checkout-frame";
import { resultTitle, toCheckoutView } from "@/components/checkout/checkout-view";
import { PaymentForm } from "@/components/checkout/payment-form";
import { PAYMENT_NOT_FOUND, PaymentNotFound } from "@/components/checkout/payment-not-found";
import { PaymentResult } from "@/components/checkout/payment-result";
import { PaymentSummary } from "@/components/checkout/payment-summary";
import { captureView } from "@/lib/checkout/checkout-page/capture-view";
import { paymentPageForRequest } from "@/lib/checkout/checkout-page/payment-page-for-request";
import { readTypedFields } from "@/lib/checkout/checkout-page/typed-fields-cookie";
import { queryParam } from "@/lib/http/query-param";
import { checkoutMessages } from "@/lib/checkout/i18n/checkout-messages";

// The hosted payment page behind checkout_url (/b/checkout/redirect/start/?session_id=…): the amount, one choice
// per payment method and a Pay button in a plain form, and the way back to the merchant; or, once there is
// nothing to pay, the outcome.

type Props = { searchParams: Promise<{ session_id?: string | string[]; unavailable?: string | string[] }> };

// The proxy tells only a result page that the webhook's answer was waited for: here the layout's load waits too.
const pageFor = async ({ searchParams }: Props) => paymentPageForRequest(queryParam((await searchParams).session_id), true);

export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = await pageFor(props);
  if (!page) return { title: PAYMENT_NOT_FOUND.en.title };
  const view = toCheckoutView(page);
  return { title: page.kind === "pay" || !view.result ? checkoutMessages(page.language).pageTitle(page.merchant.name) : resultTitle({ ...view, result: view.result }) };
}

export default async function PaymentStartPage(props: Props) {
  const page = await pageFor(props);
  // Rendered here, not by notFound(): Next.js renders a notFound() page in the browser only (vercel/next.js#62228),
  // and this page must work without scripts. The status is a 404 all the same (lib/http/page-status.ts).
  if (!page) return <PaymentNotFound />;
  // Finished, and (with a webhook_url) its first webhook answered 200: back to the merchant.
  if (page.redirectUrl) redirect(page.redirectUrl);
  const view = toCheckoutView(page);
  const t = checkoutMessages(view.language);
  // A legacy transaction's address and delivery fields; back from a refused payment, with what was typed.
  const capture = captureView(page.capture, page.capture ? readTypedFields(await cookies(), page.sessionId) : null);

  if (page.kind !== "pay" && view.result) {
    return (
      <CheckoutFrame language={view.language} merchant={view.merchant} title={view.merchant.name} testMode={view.result.isSandbox ? "on" : "off"}>
        <PaymentResult view={view} result={view.result} />
      </CheckoutFrame>
    );
  }

  return (
    <CheckoutFrame language={view.language} merchant={view.merchant} title={t.pageTitle(view.merchant.name)} titleIsHeading testMode={view.testMode}>
      <PaymentSummary view={view} />
      {(await props.searchParams).unavailable ? (
        <p role="alert" className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900">
          {t.methodUnavailable}
        </p>
      ) : null}
      {view.retryNotice ? (
        <p role="alert" className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900">
          {view.retryNotice === "declined" ? t.lastDeclined(t.declineReasons[view.result?.declineReason ?? "another_card"]) : t.lastCanceled}
        </p>
      ) : null}
      <PaymentForm language={view.language} sessionId={view.sessionId} currency={view.currency} decimals={view.decimals} methods={view.methods} consent={view.consent}>
        {capture ? <CaptureFields language={view.language} capture={capture} /> : null}
      </PaymentForm>
      <BackToMerchant view={view} />
    </CheckoutFrame>
  );
}
