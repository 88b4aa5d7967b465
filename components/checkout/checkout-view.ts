import type { PaymentPage } from "@/lib/checkout-page/load-payment-page";
import type { ResultKind } from "@/lib/i18n/checkout-messages";
import type { Language } from "@/lib/i18n/format-money";
import type { MerchantView } from "./checkout-shell";
import type { MethodView } from "./payment-form";

/** What the payment and result pages render: serializable props, nothing the page does not show. */
export interface CheckoutView {
  language: Language;
  sessionId: string;
  merchant: MerchantView;
  orderNo: string | null;
  amount: string;
  currency: string;
  decimals: number;
  methods: MethodView[];
  /** The outcome to show, or null while the customer has not tried to pay yet. */
  result: { kind: ResultKind; referenceNumber: string | null; amount: string } | null;
  /** The last attempt failed in a way the customer may retry (shown above the payment form). */
  retryNotice: "declined" | "canceled" | null;
}

const FINISHED_KINDS: Partial<Record<string, ResultKind>> = {
  paid: "paid",
  captured: "paid",
  authorized: "authorized",
  error: "error",
  expired: "expired",
};

const ATTEMPT_KINDS: Partial<Record<string, ResultKind>> = {
  pending: "pending",
  success: "pending", // settled a moment ago; the transaction follows in the same database transaction
  declined: "declined",
  canceled: "canceled",
  error: "error",
};

function resultKindOf(page: PaymentPage): ResultKind | null {
  if (page.kind === "expired") return "expired";
  if (page.kind === "finished") return FINISHED_KINDS[page.state] ?? "closed";
  return page.lastAttempt ? (ATTEMPT_KINDS[page.lastAttempt.state] ?? null) : null;
}

export function toCheckoutView(page: PaymentPage): CheckoutView {
  const kind = resultKindOf(page);
  const attempt = page.lastAttempt;
  return {
    language: page.language,
    sessionId: page.sessionId,
    merchant: page.merchant,
    orderNo: page.orderNo,
    amount: page.amount,
    currency: page.currency,
    decimals: page.decimals,
    methods: page.kind === "pay" ? page.methods : [],
    result: kind ? { kind, referenceNumber: attempt?.referenceNumber ?? null, amount: attempt?.amount ?? page.amount } : null,
    retryNotice:
      page.kind === "pay" && (attempt?.state === "declined" || attempt?.state === "canceled") ? attempt.state : null,
  };
}

/** The payment page's address: where "Try again" goes. */
export const startPagePath = (sessionId: string) => `/b/checkout/redirect/start/?session_id=${encodeURIComponent(sessionId)}`;
