import Head from "next/head";
import type { ReactNode } from "react";
import { checkoutMessages } from "@/lib/i18n/checkout-messages";
import type { Language } from "@/lib/i18n/format-money";
import { linkClass } from "./styles";

export interface MerchantView {
  name: string;
  logoUrl: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
}

/** Header with the merchant's name and logo, the page, and the merchant's support contact: phone-first, one column. */
export function CheckoutShell({
  language,
  merchant,
  title,
  head,
  children,
}: {
  language: Language;
  merchant: MerchantView;
  title: string;
  head?: ReactNode;
  children: ReactNode;
}) {
  const t = checkoutMessages(language);
  const hasSupport = merchant.supportEmail || merchant.supportPhone;
  return (
    <div className="flex min-h-dvh flex-col">
      <Head>
        <title>{title}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {head}
      </Head>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-md items-center gap-3 px-4 py-3">
          {merchant.logoUrl ? (
            // A plain <img>: merchant logos are arbitrary URLs and this page runs no script (next/image needs both).
            // eslint-disable-next-line @next/next/no-img-element
            <img src={merchant.logoUrl} alt={t.logoAlt(merchant.name)} className="h-10 w-auto max-w-32 object-contain" />
          ) : null}
          <p className="min-w-0 truncate text-lg font-semibold">{merchant.name}</p>
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
