import { latestAttempt } from "@/db/queries/payments";
import { getSettings } from "@/db/queries/settings";
import { findTransactionView, type TransactionRow } from "@/db/queries/transactions";
import type { Ctx } from "@/lib/context";
import { formatAmount } from "@/lib/money/decimal";
import { awaitWebhookAnswer } from "@/lib/payments/await-webhook-answer";
import { merchantRedirectUrl } from "@/lib/payments/merchant-redirect";
import { PAYABLE } from "@/lib/payments/transitions";
import { representTransaction } from "@/lib/transactions/represent-transaction";
import { SESSION_ID } from "@/lib/transactions/get-transaction";

export interface PaymentPageMethod {
  code: string;
  name: string;
  icon: string;
  amount: string;
  fee: string;
  feeDescription: string;
}

export interface PaymentPage {
  /** pay: choose and pay; expired: past its time; finished: settled one way or the other. */
  kind: "pay" | "expired" | "finished";
  sessionId: string;
  state: string;
  language: "en" | "ar";
  merchant: { name: string; logoUrl: string | null; supportEmail: string | null; supportPhone: string | null };
  orderNo: string | null;
  amount: string;
  currency: string;
  decimals: number;
  methods: PaymentPageMethod[];
  lastAttempt: { referenceNumber: string; state: string; message: string | null; amount: string } | null;
  /** Where the customer goes next when the payment is finished (see merchant-redirect.ts). */
  redirectUrl: string | null;
}

/** Without a webhook_url the customer goes back at once; with one, only after its first answer was HTTP 200. */
async function redirectAfterWebhook(ctx: Ctx, txn: TransactionRow, target: string | null): Promise<string | null> {
  if (!target || !txn.webhook_url) return target;
  return (await awaitWebhookAnswer({ ctx, input: { sessionId: txn.session_id } })) ? target : null;
}

/** Everything the hosted payment and result pages show, or null for an unknown session. */
export async function loadPaymentPage({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<PaymentPage | null> {
  if (!SESSION_ID.test(input.sessionId)) return null;
  const [view, settings, attempt] = await Promise.all([
    findTransactionView(ctx.db, input.sessionId),
    getSettings(ctx.db),
    latestAttempt(ctx.db, input.sessionId),
  ]);
  if (!view) return null;
  const { txn } = view;
  const shown = representTransaction(view);
  const payable = PAYABLE.includes(txn.state);
  const expired = txn.state === "expired" || (payable && txn.expires_at.getTime() <= Date.now());
  return {
    kind: expired ? "expired" : payable ? "pay" : "finished",
    sessionId: txn.session_id,
    state: txn.state,
    language: txn.language === "ar" ? "ar" : "en",
    merchant: {
      name: settings.merchant_name,
      logoUrl: settings.merchant_logo_url,
      supportEmail: settings.support_email,
      supportPhone: settings.support_phone,
    },
    orderNo: txn.order_no,
    amount: shown.amount,
    currency: txn.currency_code,
    decimals: view.decimals,
    methods: shown.payment_methods.map((m) => ({
      code: m.code,
      name: m.name,
      icon: m.icon,
      amount: m.amount,
      fee: m.fee,
      feeDescription: m.fee_description,
    })),
    lastAttempt: attempt
      ? {
          referenceNumber: attempt.reference_number,
          state: attempt.state,
          message: attempt.message,
          amount: formatAmount(attempt.amount, view.decimals),
        }
      : null,
    redirectUrl: await redirectAfterWebhook(ctx, txn, merchantRedirectUrl(txn, view.default_redirect_url, attempt?.reference_number ?? null)),
  };
}
