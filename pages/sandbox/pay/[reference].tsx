import type { GetServerSideProps, PageConfig } from "next";
import { PaymentNotFound } from "@/components/checkout/payment-not-found";
import { NewCardForm } from "@/components/sandbox/new-card-form";
import { SavedCardsForm } from "@/components/sandbox/saved-cards-form";
import { AlreadyProcessed, PaymentSummary, SandboxShell } from "@/components/sandbox/sandbox-shell";
import { appContext } from "@/lib/context";
import { loadCardPage, type CardPage } from "@/lib/gateways/sandbox/load-card-page";
import { isNotFound, notFoundProps, type NotFoundProps } from "@/lib/http/not-found-props";
import { setPageSecurityHeaders } from "@/lib/http/page-security-headers";
import { queryParam } from "@/lib/http/query-param";
import { formatMoney } from "@/lib/i18n/format-money";
import { SANDBOX_FIELDS, sandboxMessages as t, type SandboxField } from "@/lib/i18n/sandbox-messages";

// The sandbox gateway's hosted card page (a simulated external gateway): plain forms, no JavaScript.
export const config: PageConfig = { unstable_runtimeJS: false };

type CardPageProps = {
  language: "en";
  card: Omit<CardPage, "amount" | "currency"> & { amountText: string };
  /** Fields the charge route refused, per form (only field names ever travel in the address, never values). */
  errors: { newCard: SandboxField[]; saved: SandboxField[] };
  removed: boolean;
};

type Props = CardPageProps | NotFoundProps;

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, query, res }) => {
  setPageSecurityHeaders(res);
  const page = await loadCardPage({ ctx: appContext(), input: { reference: queryParam(params?.reference) } });
  if (!page) return notFoundProps(res);
  const failed = queryParam(query.error)
    .split(",")
    .filter((f): f is SandboxField => (SANDBOX_FIELDS as string[]).includes(f));
  const saved = queryParam(query.form) === "saved";
  const { amount, currency, ...card } = page;
  const decimals = amount.split(".")[1]?.length ?? 0;
  return {
    props: {
      language: "en",
      card: { ...card, amountText: formatMoney(amount, currency, decimals, "en") },
      errors: { newCard: saved ? [] : failed, saved: saved ? failed : [] },
      removed: queryParam(query.removed) === "1",
    },
  };
};

export default function SandboxCardPage(props: Props) {
  if (isNotFound(props)) return <PaymentNotFound />;
  const { card, errors, removed } = props;
  const anyError = errors.newCard.length > 0 || errors.saved.length > 0;
  return (
    <SandboxShell title={t.cardDetails}>
      <PaymentSummary merchantName={card.merchantName} amount={card.amountText} reference={card.reference} />
      {card.status !== "awaiting_card" ? (
        <AlreadyProcessed reference={card.reference} status={card.status} />
      ) : (
        <>
          <h1 className="mt-6 text-2xl font-bold">{t.cardDetails}</h1>
          {anyError ? (
            <p role="alert" className="mt-3 rounded-md border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900">
              {t.errorSummary}
            </p>
          ) : null}
          {removed ? (
            <p role="status" className="mt-3 rounded-md border border-zinc-400 bg-white p-3">
              {t.removed}
            </p>
          ) : null}
          {card.savedCards.length > 0 ? (
            <SavedCardsForm reference={card.reference} cards={card.savedCards} errors={errors.saved} />
          ) : null}
          <NewCardForm
            reference={card.reference}
            canSaveCard={card.canSaveCard}
            errors={errors.newCard}
            heading={card.savedCards.length > 0 ? t.orNewCard : t.newCard}
          />
        </>
      )}
    </SandboxShell>
  );
}
