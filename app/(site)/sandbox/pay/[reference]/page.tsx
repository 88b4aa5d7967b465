import type { Metadata } from "next";
import { BackToMerchantLink } from "@/components/sandbox/back-to-merchant-link";
import { BackToShopForm } from "@/components/sandbox/back-to-shop-form";
import { NewCardForm } from "@/components/sandbox/new-card-form";
import { sandboxLinkClass } from "@/components/sandbox/sandbox-frame";
import { SandboxPaymentFrame } from "@/components/sandbox/sandbox-payment-frame";
import { SavedCardsForm } from "@/components/sandbox/saved-cards-form";
import { TestCards } from "@/components/sandbox/test-cards";
import { PAYMENT_NOT_FOUND, PaymentNotFound } from "@/components/checkout/payment-not-found";
import { loadBackToMerchant } from "@/lib/checkout/checkout-page/load-back-to-merchant";
import { appContext } from "@/lib/core/context";
import { cardPageForRequest } from "@/lib/gateways/sandbox/card-page-for-request";
import { sandboxMessages as t } from "@/lib/checkout/i18n/sandbox-messages";
import { chargeCardAction } from "./actions";

// The sandbox gateway's hosted card page (a simulated external gateway): the card forms, and its test cards.

export async function generateMetadata({ params }: { params: Promise<{ reference: string }> }): Promise<Metadata> {
  const card = await cardPageForRequest((await params).reference);
  return { title: card ? `${t.cardDetails} · ${t.brand}` : PAYMENT_NOT_FOUND.en.title, robots: { index: false, follow: false } };
}

type Props = { params: Promise<{ reference: string }>; searchParams: Promise<{ removed?: string }> };

export default async function SandboxCardPage({ params, searchParams }: Props) {
  const card = await cardPageForRequest((await params).reference);
  // Rendered here, not by notFound(), which Next.js renders in the browser only (vercel/next.js#62228).
  if (!card) return <PaymentNotFound />;
  const removed = (await searchParams).removed === "1";
  // Saved cards that all expire too soon for the merchant leave nothing to choose: only the new card form.
  const savedCards = card.savedCards.some((c) => !c.tooSoon) ? card.savedCards : [];
  const back = await loadBackToMerchant({ ctx: appContext(), input: { reference: card.reference } });
  return (
    <SandboxPaymentFrame card={card} awaiting="awaiting_card">
      <h1 className="mt-6 text-2xl font-bold">{t.cardDetails}</h1>
      {removed ? (
        <p role="status" className="mt-3 rounded-md border border-zinc-400 bg-white p-3">
          {t.removed}
        </p>
      ) : null}
      {card.validUntilAtLeast ? (
        <p className="mt-3 rounded-md border border-zinc-400 bg-white p-3" data-testid="valid-until-at-least">
          {t.validUntilAtLeast(card.validUntilAtLeast)}
        </p>
      ) : null}
      {savedCards.length > 0 ? <SavedCardsForm action={chargeCardAction} reference={card.reference} cards={savedCards} /> : null}
      <NewCardForm
        action={chargeCardAction}
        reference={card.reference}
        canSaveCard={card.canSaveCard}
        mustSave={card.mustSave ? { merchantName: card.merchantName } : null}
        heading={savedCards.length > 0 ? t.orNewCard : t.newCard}
      />
      <div className="mt-4 text-center">
        <BackToShopForm reference={card.reference} label={t.cancel} className={`rounded-sm px-2 py-1 ${sandboxLinkClass}`} />
      </div>
      <BackToMerchantLink back={back} />
      <TestCards />
    </SandboxPaymentFrame>
  );
}
