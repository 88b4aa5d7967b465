import type { ReactNode } from "react";
import { FlaskIcon } from "@/components/icons/icons";
import { checkoutMessages } from "@/lib/checkout/i18n/checkout-messages";
import type { Language } from "@/lib/checkout/i18n/format-money";
import type { MerchantView, TestMode } from "./checkout-view";
import { linkClass } from "./styles";

/**
 * The customer pages' frame, phone-first in one column: the merchant (logo and name, once) with the page's
 * title, a "Test mode" badge for sandbox payments, the page, and the merchant's support contact.
 * `title`: the header's text; `titleIsHeading` makes it the page's h1 (the payment form has no other).
 */
export function CheckoutFrame({
  language,
  merchant,
  title,
  titleIsHeading = false,
  testMode,
  children,
}: {
  language: Language;
  merchant: MerchantView;
  title: string;
  titleIsHeading?: boolean;
  testMode: TestMode;
  children: ReactNode;
}) {
  const t = checkoutMessages(language);
  const hasSupport = merchant.supportEmail || merchant.supportPhone;
  const Title = titleIsHeading ? "h1" : "p";
  return (
    <div className="checkout-page flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-md items-center gap-3 px-4 py-3">
          {merchant.logoUrl ? (
            // A plain <img>: merchant logos are arbitrary URLs, and next/image would route them through this server.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={merchant.logoUrl} alt={t.logoAlt(merchant.name)} className="h-10 w-auto max-w-32 object-contain" />
          ) : null}
          <Title className="min-w-0 flex-1 truncate text-lg font-semibold">{title}</Title>
          {testMode === "off" ? null : (
            <p
              data-when-chosen={testMode === "when-chosen" ? "" : undefined}
              className="test-mode-badge inline-flex shrink-0 items-center gap-1 rounded-full border border-amber-700 bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-950"
            >
              <FlaskIcon className="size-4" />
              {t.testMode}
            </p>
          )}
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-6">
        {children}
      </main>
      {hasSupport ? (
        <footer className="mx-auto w-full max-w-md px-4 pb-8 text-sm text-slate-700">
          <p>{t.support(merchant.name)}</p>
          <ul className="mt-1 space-y-1">
            {merchant.supportEmail ? (
              <li>
                {t.email}:{" "}
                <a className={linkClass} href={`mailto:${merchant.supportEmail}`}>
                  <bdi>{merchant.supportEmail}</bdi>
                </a>
              </li>
            ) : null}
            {merchant.supportPhone ? (
              <li>
                {t.phone}:{" "}
                <a className={linkClass} href={`tel:${merchant.supportPhone}`}>
                  <bdi dir="ltr">{merchant.supportPhone}</bdi>
                </a>
              </li>
            ) : null}
          </ul>
        </footer>
      ) : null}
    </div>
  );
}
