import type { Address, Agreement, PaymentType } from "@/db/types";
import { type AttemptView, findTransactionView } from "@/db/queries/transactions";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import type { Ctx } from "@/lib/core/context";
import { asksForAnything, deliveryLocationOf, type DeliveryLocation, type PageOptions, pageOptionsOf } from "@/lib/checkout/page-fields/page-fields";
import { formatAmount } from "@/lib/core/money/decimal";
import { redirectAfterWebhook } from "@/lib/checkout/payments/redirect-after-webhook";
import { merchantRedirectUrl } from "@/lib/checkout/payments/merchant-redirect";
import { backToMerchantUrl } from "@/lib/checkout/payments/back-to-merchant";
import { declineReason, type DeclineReason } from "@/lib/gateways/decline-reason";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import { representTransaction } from "@/lib/checkout/transactions/represent-transaction";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";

export interface PaymentPageMethod {
  code: string;
  name: string;
  icon: string;
  amount: string;
  fee: string;
  feeDescription: string;
  isSandbox: boolean;
}

export interface PaymentPageAttempt {
  referenceNumber: string;
  state: string;
  /** A second payment of a transaction already settled: given back automatically. */
  isDuplicate: boolean;
  amount: string;
  /** The gateway setting's name ("Sandbox card"), or its code when it is gone. */
  methodName: string;
  isSandbox: boolean;
  card: { brand: string; masked: string } | null;
  /** When the gateway's answer was recorded (ISO), or null while there is none. */
  completedAt: string | null;
  /** The gateway's message about a payment that did not go through ("Insufficient funds"). */
  message: string | null;
  /** Why a declined attempt was declined, in the customer's terms; null for any other attempt. */
  declineReason: DeclineReason | null;
}

export interface PaymentPage {
  /** pay: choose and pay; expired: past its time; finished: settled one way or the other. */
  kind: "pay" | "expired" | "finished";
  sessionId: string;
  state: string;
  /** Created by the legacy interface: it ends at its first result, shown on our response page in full. */
  legacy: boolean;
  language: "en" | "ar";
  merchant: {
    name: string;
    logoUrl: string | null;
    websiteUrl: string | null;
    supportEmail: string | null;
    supportPhone: string | null;
  };
  orderNo: string | null;
  /** When the merchant wants the payment (due_datetime, ISO), shown beside the amount; display only. */
  dueAt: string | null;
  /** What is being paid for (product_type), shown on the payment page. */
  productType: string | null;
  amount: string;
  currency: string;
  decimals: number;
  methods: PaymentPageMethod[];
  /** save_card and auto_debit save the customer's card; auto_debit under `agreement`, shown before paying. */
  paymentType: PaymentType;
  agreement: Agreement | null;
  /** The latest attempt. */
  attempt: PaymentPageAttempt | null;
  /** Every attempt, oldest first. */
  attempts: PaymentPageAttempt[];
  /** Where the customer goes next when the payment is finished (see merchant-redirect.ts). */
  redirectUrl: string | null;
  /** "Back to {merchant}" while the payment has not succeeded (see back-to-merchant.ts); null: no such button. */
  backUrl: string | null;
  /**
   * While it can be paid, a legacy transaction whose page asks for an address or a delivery location before
   * paying (see lib/checkout/page-fields/page-fields.ts), with what is stored so far (the address given when it was created).
   */
  capture: { options: PageOptions; address: Address | null; location: DeliveryLocation | null } | null;
}

/**
 * Everything the hosted payment and result pages show, or null for an unknown session. `waitForWebhook: false`: a
 * finished payment whose result goes to a results endpoint has no redirectUrl (its answer was waited for already).
 */
export async function loadPaymentPage({ ctx, input }: { ctx: Ctx; input: { sessionId: string; waitForWebhook?: boolean } }): Promise<PaymentPage | null> {
  if (!SESSION_ID.test(input.sessionId)) return null;
  const [view, settings] = await Promise.all([
    findTransactionView(ctx.db, input.sessionId),
    cachedSettings(ctx.db),
  ]);
  if (!view || view.txn.deleted_at) return null;
  const { txn } = view;
  const shown = representTransaction(view);
  const payable = PAYABLE.includes(txn.state);
  const expired = txn.state === "expired" || (payable && txn.expires_at.getTime() <= Date.now());
  const methods = shown.payment_methods.map((m) => ({
    code: m.code,
    name: m.name,
    icon: m.icon,
    amount: m.amount,
    fee: m.fee,
    feeDescription: m.fee_description,
    isSandbox: m.is_sandbox,
  }));
  // The view carries the attempts, oldest first: the latest is the last.
  const attempts = view.attempts.map((a) => attemptView(a, view.decimals, methods));
  const latest = attempts.at(-1) ?? null;
  const kind = expired ? "expired" : payable ? "pay" : "finished";
  const options = pageOptionsOf(txn);
  return {
    kind,
    sessionId: txn.session_id,
    state: txn.state,
    legacy: txn.interface === "legacy",
    language: txn.language === "ar" ? "ar" : "en",
    merchant: {
      name: settings.merchant_name,
      logoUrl: settings.merchant_logo_url,
      websiteUrl: settings.merchant_website_url,
      supportEmail: settings.support_email,
      supportPhone: settings.support_phone,
    },
    orderNo: txn.order_no,
    dueAt: shown.due_datetime,
    productType: txn.product_type,
    amount: shown.amount,
    currency: txn.currency_code,
    decimals: view.decimals,
    methods,
    paymentType: txn.payment_type,
    agreement: txn.payment_type === "auto_debit" ? txn.agreement : null,
    attempt: latest,
    attempts,
    redirectUrl: await redirectAfterWebhook(
      ctx,
      txn,
      merchantRedirectUrl(txn, view.default_redirect_url, latest?.referenceNumber ?? null),
      input.waitForWebhook === false ? false : { resultAt: view.attempts.at(-1)?.completed_at ?? null },
    ),
    backUrl: backToMerchantUrl(txn, { defaultRedirectUrl: view.default_redirect_url, websiteUrl: settings.merchant_website_url }, latest),
    capture:
      kind === "pay" && asksForAnything(options)
        ? { options, address: txn.billing_address, location: deliveryLocationOf(txn.legacy) }
        : null,
  };
}

/** An attempt as the pages show it: its gateway setting's name, card and time. */
function attemptView(attempt: AttemptView, decimals: number, methods: PaymentPageMethod[]): PaymentPageAttempt {
  const method = methods.find((m) => m.code === attempt.gateway_code);
  return {
    referenceNumber: attempt.reference_number,
    state: attempt.state,
    isDuplicate: attempt.is_duplicate,
    amount: formatAmount(attempt.amount, decimals),
    methodName: method?.name ?? attempt.gateway_code,
    isSandbox: method?.isSandbox ?? false,
    card: attempt.card_brand !== null && attempt.card_masked !== null ? { brand: attempt.card_brand, masked: attempt.card_masked } : null,
    completedAt: attempt.completed_at ? attempt.completed_at.toISOString() : null,
    message: attempt.message,
    declineReason: attempt.state === "declined" ? declineReason(attempt.decline_response) : null,
  };
}
