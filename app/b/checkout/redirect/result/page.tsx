import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { CheckoutFrame } from "@/components/checkout/checkout-frame";
import { EmbeddedResultEvent } from "@/components/checkout/embedded-result-event";
import { resultTitle, startPagePath, toCheckoutView } from "@/components/checkout/checkout-view";
import { LiveRefresh } from "@/components/checkout/live-refresh";
import { PAYMENT_NOT_FOUND, PaymentNotFound } from "@/components/checkout/payment-not-found";
import { PaymentResult } from "@/components/checkout/payment-result";
import { returnedAttempt } from "@/lib/checkout/checkout-page/returned-attempt";
import { paymentPageForRequest } from "@/lib/checkout/checkout-page/payment-page-for-request";
import { WEBHOOK_WAITED_HEADER } from "@/lib/checkout/checkout-page/session-header";
import { EMBED_ORIGIN_HEADER } from "@/lib/checkout/sdk/embed-origin-header";
import { resultEvent } from "@/lib/checkout/sdk/result-event";
import { queryParam } from "@/lib/http/query-param";

// Where the gateway's return lands the customer (/b/checkout/redirect/result/?session_id=…&reference=…): the
// outcome, or on to the merchant when it has a redirect URL.

/** While the bank has not answered, the page updates itself: in place with scripts, by reloading without. */
const REFRESH_SECONDS = { live: 3, reload: 5 };

type Props = { searchParams: Promise<{ session_id?: string | string[]; reference?: string | string[] }> };

/** The page and its view, once per request (the metadata and the page both need them). */
const loadResult = cache(async (sessionId: string, reference: string | undefined, waitForWebhook: boolean) => {
  const page = await paymentPageForRequest(sessionId, waitForWebhook);
  if (!page) return null;
  const returned = reference ? returnedAttempt(page, reference) : null;
  return { page, view: toCheckoutView(page, returned) };
});

async function resultView({ searchParams }: Props) {
  const { session_id, reference } = await searchParams;
  // The proxy has waited for the webhook's answer already when it let the page render (proxy.ts).
  const waited = (await headers()).has(WEBHOOK_WAITED_HEADER);
  return loadResult(queryParam(session_id), typeof reference === "string" ? reference : undefined, !waited);
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const view = (await resultView(props))?.view;
  if (!view) return { title: PAYMENT_NOT_FOUND.en.title };
  return view.result ? { title: resultTitle({ ...view, result: view.result }) } : {};
}

export default async function PaymentResultPage(props: Props) {
  const result = await resultView(props);
  // Rendered here, not by notFound(), which Next.js renders in the browser only (see the payment page).
  if (!result) return <PaymentNotFound />;
  const { page, view } = result;
  // In the embedded checkout's frame (an attempt started there), the merchant's page hears the outcome instead.
  const embedOrigin = (await headers()).get(EMBED_ORIGIN_HEADER);
  // Finished, and (with a webhook_url) its first webhook answered 200: back to the merchant.
  if (page.redirectUrl && !embedOrigin) redirect(page.redirectUrl);
  // Nothing tried yet: the payment page is where to start.
  if (!view.result) redirect(startPagePath(page.sessionId));
  const pending = view.result.kind === "pending";
  return (
    <CheckoutFrame language={view.language} merchant={view.merchant} title={view.merchant.name} testMode={view.result.isSandbox ? "on" : "off"}>
      {pending ? (
        <>
          <LiveRefresh seconds={REFRESH_SECONDS.live} />
          <noscript>
            <meta httpEquiv="refresh" content={String(REFRESH_SECONDS.reload)} />
          </noscript>
        </>
      ) : null}
      <PaymentResult view={view} result={view.result} />
      {embedOrigin ? <EmbeddedResultEvent origin={embedOrigin} sessionId={page.sessionId} event={resultEvent(view.result, page.state)} /> : null}
    </CheckoutFrame>
  );
}
