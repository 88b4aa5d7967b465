import type { GetServerSideProps, PageConfig } from "next";
import { PaymentNotFound } from "@/components/checkout/payment-not-found";
import { AlreadyProcessed, PaymentSummary, SandboxShell, sandboxButtonClass } from "@/components/sandbox/sandbox-shell";
import { appContext } from "@/lib/context";
import { loadCardPage } from "@/lib/gateways/sandbox/load-card-page";
import { isNotFound, notFoundProps, type NotFoundProps } from "@/lib/http/not-found-props";
import { setPageSecurityHeaders } from "@/lib/http/page-security-headers";
import { queryParam } from "@/lib/http/query-param";
import { formatMoney } from "@/lib/i18n/format-money";
import { sandboxMessages as t } from "@/lib/i18n/sandbox-messages";

// The sandbox's 3-D Secure challenge: the customer plays the bank and approves or denies. No JavaScript.
export const config: PageConfig = { unstable_runtimeJS: false };

type Props = { language: "en"; reference: string; status: string; merchantName: string; amountText: string } | NotFoundProps;

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, res }) => {
  setPageSecurityHeaders(res);
  const page = await loadCardPage({ ctx: appContext(), input: { reference: queryParam(params?.reference) } });
  if (!page) return notFoundProps(res);
  const decimals = page.amount.split(".")[1]?.length ?? 0;
  return {
    props: {
      language: "en",
      reference: page.reference,
      status: page.status,
      merchantName: page.merchantName,
      amountText: formatMoney(page.amount, page.currency, decimals, "en"),
    },
  };
};

export default function SandboxChallengePage(props: Props) {
  if (isNotFound(props)) return <PaymentNotFound />;
  const { reference, status, merchantName, amountText } = props;
  return (
    <SandboxShell title={t.challengeTitle}>
      <PaymentSummary merchantName={merchantName} amount={amountText} reference={reference} />
      {status !== "challenge" ? (
        <AlreadyProcessed reference={reference} status={status} />
      ) : (
        <form method="post" action="/sandbox/api/challenge" className="mt-6">
          <h1 className="text-2xl font-bold">{t.challengeTitle}</h1>
          <p className="mt-2 text-zinc-800">{t.challengeBody}</p>
          <input type="hidden" name="reference" value={reference} />
          <div className="mt-6 grid grid-cols-2 gap-4">
            <button type="submit" name="decision" value="approve" className={sandboxButtonClass}>
              {t.approve}
            </button>
            <button type="submit" name="decision" value="deny" className={sandboxButtonClass.replace("bg-zinc-900", "bg-red-800").replace("hover:bg-zinc-700", "hover:bg-red-900")}>
              {t.deny}
            </button>
          </div>
        </form>
      )}
    </SandboxShell>
  );
}
