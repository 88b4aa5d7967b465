import { agreementSummary, type AgreementSummary } from "@/lib/checkout/checkout-page/agreement-summary";
import type { PaymentPage, PaymentPageAttempt, PaymentPageMethod } from "@/lib/checkout/checkout-page/load-payment-page";
import { checkoutMessages, type ResultKind } from "@/lib/checkout/i18n/checkout-messages";
import { isZeroAmount, type Language } from "@/lib/checkout/i18n/format-money";
import type { DeclineReason } from "@/lib/gateways/decline-reason";

export type MerchantView = PaymentPage["merchant"];
export type MethodView = PaymentPageMethod;

export interface ResultView {
  kind: ResultKind;
  referenceNumber: string | null;
  amount: string;
  methodName: string | null;
  card: PaymentPageAttempt["card"];
  completedAt: string | null;
  isSandbox: boolean;
  /** The gateway's message, on a legacy transaction's response page (which shows the transaction's details). */
  message: string | null;
  /** Why the card was declined (declined, failed), in the customer's terms. */
  declineReason: DeclineReason | null;
}

export type TestMode = "on" | "when-chosen" | "off";

/**
 * What the customer agrees to by paying, shown in the form above the Pay button: an auto_debit's agreement, or
 * that a save_card payment keeps the card (`nothingCharged` when the amount is zero: the button then says
 * "Save card").
 */
export type ConsentView =
  | ({ kind: "auto_debit" } & AgreementSummary)
  | { kind: "save_card"; notice: string; nothingCharged: string | null };

/** What the payment and result pages render, nothing they do not show. */
export interface CheckoutView {
  language: Language;
  sessionId: string;
  merchant: MerchantView;
  orderNo: string | null;
  /** The due date (ISO) while the transaction can be paid; null otherwise. */
  dueAt: string | null;
  productType: string | null;
  amount: string;
  currency: string;
  decimals: number;
  methods: MethodView[];
  /** The outcome to show, or null while the customer has not tried to pay yet. */
  result: ResultView | null;
  /** The last attempt failed in a way the customer may retry (shown above the payment form). */
  retryNotice: "declined" | "canceled" | null;
  /** "Back to {merchant}" (lib/checkout/payments/back-to-merchant.ts); null: no such button. */
  backUrl: string | null;
  /** The payment form's "Test mode" badge: always, only while a sandbox method is chosen (CSS), or never. */
  testMode: TestMode;
  /** While the transaction can be paid: what a save_card or auto_debit payment commits the customer to. */
  consent: ConsentView | null;
}

const FINISHED_KINDS: Partial<Record<string, ResultKind>> = {
  paid: "paid",
  captured: "paid",
  authorized: "authorized",
  error: "error",
  expired: "expired",
  // Only a legacy transaction fails for good (it ends at its first result).
  failed: "failed",
};

const ATTEMPT_KINDS: Partial<Record<string, ResultKind>> = {
  pending: "pending",
  success: "pending", // settled a moment ago; the transaction follows in the same database transaction
  declined: "declined",
  canceled: "canceled",
  error: "error",
  superseded: "superseded",
};

function resultKindOf(page: PaymentPage, attempt: PaymentPageAttempt | null): ResultKind | null {
  // A second payment of a settled (or closed) transaction: the customer learns it is being given back.
  if (attempt?.isDuplicate) return "duplicate";
  if (page.kind === "expired") return "expired";
  // A legacy transaction the customer canceled at the gateway ended there (one the merchant canceled is closed).
  if (page.kind === "finished" && page.legacy && page.state === "canceled" && attempt?.state === "canceled") return "abandoned";
  if (page.kind === "finished") return FINISHED_KINDS[page.state] ?? "closed";
  return attempt ? (ATTEMPT_KINDS[attempt.state] ?? null) : null;
}

function testModeOf(page: PaymentPage): TestMode {
  const sandboxes = page.methods.filter((m) => m.isSandbox).length;
  return sandboxes === 0 ? "off" : sandboxes === page.methods.length ? "on" : "when-chosen";
}

function consentOf(page: PaymentPage): ConsentView | null {
  if (page.kind !== "pay") return null;
  const t = checkoutMessages(page.language);
  if (page.paymentType === "auto_debit" && page.agreement) {
    const summary = agreementSummary(page.agreement, {
      merchant: page.merchant.name,
      amount: page.amount,
      currency: page.currency,
      decimals: page.decimals,
      language: page.language,
    });
    return { kind: "auto_debit", ...summary };
  }
  if (page.paymentType === "save_card") {
    return { kind: "save_card", notice: t.saveCardNotice(page.merchant.name), nothingCharged: isZeroAmount(page.amount) ? t.nothingCharged : null };
  }
  return null;
}

/** `returned`: the earlier attempt the gateway just sent this tab back from (see returned-attempt.ts). */
export function toCheckoutView(page: PaymentPage, returned: PaymentPageAttempt | null = null): CheckoutView {
  const attempt = returned ?? page.attempt;
  const kind = resultKindOf(page, attempt);
  return {
    language: page.language,
    sessionId: page.sessionId,
    merchant: page.merchant,
    orderNo: page.orderNo,
    dueAt: page.kind === "pay" ? page.dueAt : null,
    productType: page.productType,
    amount: page.amount,
    currency: page.currency,
    decimals: page.decimals,
    methods: page.kind === "pay" ? page.methods : [],
    result: kind
      ? {
          kind,
          referenceNumber: attempt?.referenceNumber ?? null,
          amount: attempt?.amount ?? page.amount,
          methodName: attempt?.methodName ?? null,
          card: attempt?.card ?? null,
          completedAt: attempt?.completedAt ?? null,
          isSandbox: attempt?.isSandbox ?? false,
          message: page.legacy ? (attempt?.message ?? null) : null,
          declineReason: attempt?.declineReason ?? null,
        }
      : null,
    retryNotice:
      page.kind === "pay" && (page.attempt?.state === "declined" || page.attempt?.state === "canceled") ? page.attempt.state : null,
    backUrl: page.backUrl,
    testMode: testModeOf(page),
    consent: consentOf(page),
  };
}

/** A result page's title: the outcome and the merchant ("Payment successful · E2E Store"). */
export const resultTitle = (view: CheckoutView & { result: ResultView }) =>
  `${checkoutMessages(view.language).results[view.result.kind].title} · ${view.merchant.name}`;

/** The payment page's address: where "Try again" goes. */
export const startPagePath = (sessionId: string) => `/b/checkout/redirect/start/?session_id=${encodeURIComponent(sessionId)}`;
