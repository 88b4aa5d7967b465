import { sandboxMessages as t } from "@/lib/checkout/i18n/sandbox-messages";
import { BackToShopForm } from "./back-to-shop-form";
import { sandboxLinkClass } from "./sandbox-frame";

/** A payment the customer cannot act on from this page: where it stands and where to go. */
export function AlreadyProcessed({ reference, status }: { reference: string; status: string }) {
  const q = encodeURIComponent(reference);
  const next =
    status === "awaiting_card"
      ? { title: t.awaitingCardTitle, href: `/sandbox/pay/${q}`, label: t.continueCard }
      : status === "challenge"
        ? { title: t.awaitingChallengeTitle, href: `/sandbox/3ds/${q}`, label: t.continueVerification }
        : null;
  return (
    <section aria-labelledby="processed-title" className="mt-6">
      <h1 id="processed-title" className="text-xl font-bold">
        {next?.title ?? (status === "canceled" ? t.canceledTitle : status === "expired" ? t.expiredTitle : t.processedTitle)}
      </h1>
      <div className="mt-4">
        {next ? (
          <a className={sandboxLinkClass} href={next.href}>
            {next.label}
          </a>
        ) : (
          <BackToShopForm reference={reference} label={t.backToShop} className={`rounded-sm ${sandboxLinkClass}`} />
        )}
      </div>
    </section>
  );
}
