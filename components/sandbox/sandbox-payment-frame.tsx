import type { ReactNode } from "react";
import type { CardPage } from "@/lib/gateways/sandbox/load-card-page";
import { formatMoney } from "@/lib/checkout/i18n/format-money";
import { AlreadyProcessed } from "./already-processed";
import { PaymentSummary, SandboxFrame } from "./sandbox-frame";

/**
 * A sandbox page about one payment: its summary, then the page's own content while the payment is in the status
 * the page acts on (`awaiting`), or where it stands and where to go otherwise.
 */
export function SandboxPaymentFrame({ card, awaiting, children }: { card: CardPage; awaiting: CardPage["status"]; children: ReactNode }) {
  const decimals = card.amount.split(".")[1]?.length ?? 0;
  return (
    <SandboxFrame>
      <PaymentSummary merchantName={card.merchantName} amount={formatMoney(card.amount, card.currency, decimals, "en")} reference={card.reference} />
      {card.status === awaiting ? children : <AlreadyProcessed reference={card.reference} status={card.status} />}
    </SandboxFrame>
  );
}
