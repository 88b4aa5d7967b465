import type { Metadata } from "next";
import { SubmitButton } from "@/components/forms/submit-button";
import { BackToMerchantLink } from "@/components/sandbox/back-to-merchant-link";
import { sandboxButtonClass, sandboxDangerButtonClass } from "@/components/sandbox/sandbox-frame";
import { SandboxPaymentFrame } from "@/components/sandbox/sandbox-payment-frame";
import { PAYMENT_NOT_FOUND, PaymentNotFound } from "@/components/checkout/payment-not-found";
import { loadBackToMerchant } from "@/lib/checkout/checkout-page/load-back-to-merchant";
import { appContext } from "@/lib/core/context";
import { cardPageForRequest } from "@/lib/gateways/sandbox/card-page-for-request";
import { sandboxMessages as t } from "@/lib/checkout/i18n/sandbox-messages";

// The sandbox's 3-D Secure challenge: the customer plays the bank and approves or denies, in a plain form.

export async function generateMetadata({ params }: { params: Promise<{ reference: string }> }): Promise<Metadata> {
  const card = await cardPageForRequest((await params).reference);
  return { title: card ? `${t.challengeTitle} · ${t.brand}` : PAYMENT_NOT_FOUND.en.title, robots: { index: false, follow: false } };
}

export default async function SandboxChallengePage({ params }: { params: Promise<{ reference: string }> }) {
  const card = await cardPageForRequest((await params).reference);
  // Rendered here, not by notFound(), which Next.js renders in the browser only (vercel/next.js#62228).
  if (!card) return <PaymentNotFound />;
  const back = await loadBackToMerchant({ ctx: appContext(), input: { reference: card.reference } });
  return (
    <SandboxPaymentFrame card={card} awaiting="challenge">
      <form method="post" action="/sandbox/api/challenge" className="mt-6">
        <h1 className="text-2xl font-bold">{t.challengeTitle}</h1>
        <p className="mt-2 text-zinc-800">{t.challengeBody}</p>
        <input type="hidden" name="reference" value={card.reference} />
        <div className="mt-6 grid grid-cols-2 gap-4">
          <SubmitButton name="decision" value="approve" className={sandboxButtonClass} busyLabel={t.processing}>
            {t.approve}
          </SubmitButton>
          <SubmitButton name="decision" value="deny" className={sandboxDangerButtonClass} busyLabel={t.processing}>
            {t.deny}
          </SubmitButton>
        </div>
      </form>
      <BackToMerchantLink back={back} />
    </SandboxPaymentFrame>
  );
}
