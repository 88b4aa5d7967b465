import type { AttemptView, GatewayView, TransactionView } from "@/db/queries/transactions";
import { attachmentUrl } from "@/lib/checkout/attachments/attachment-url";
import { linkUrls } from "@/lib/checkout/links/link-urls";
import { env } from "@/lib/core/env";
import { gatewayIconUrl } from "@/lib/gateways/gateway-icon-url";
import { computeFee } from "@/lib/core/money/compute-fee";
import { formatAmount } from "@/lib/core/money/decimal";
import { formatDuration } from "@/lib/core/time/duration";

export const checkoutUrl = (sessionId: string) => `${env.APP_URL}/b/checkout/redirect/start/?session_id=${sessionId}`;

function paymentMethod(view: TransactionView, gateway: GatewayView) {
  const { txn } = view;
  const fee = computeFee(txn.amount, view.decimals, gateway, txn.currency_code);
  return {
    code: gateway.code,
    name: gateway.name,
    pg: gateway.pg,
    is_sandbox: gateway.is_sandbox,
    type: gateway.is_sandbox ? "sandbox" : "production",
    icon: gatewayIconUrl(gateway),
    flow: "redirect",
    payment_url: `${env.APP_URL}/b/checkout/redirect/pay/?session_id=${txn.session_id}&code=${encodeURIComponent(gateway.code)}`,
    redirect_url: txn.redirect_url ?? view.default_redirect_url,
    amount: fee.total,
    currency_code: txn.currency_code,
    fee: fee.fee,
    fee_description: fee.description,
  };
}

/** The last four digits of a masked card number ("•••• 1111"), and nothing more of it; null if there are none. */
export function lastFour(masked: string | null): string | null {
  const found = masked ? /(\d{4})\D*$/.exec(masked) : null;
  return found ? found[1]! : null;
}

/** A payment attempt as the representation lists it: its reference, outcome and the card's brand and last four digits. */
function representAttempt(attempt: AttemptView, decimals: number) {
  const last4 = lastFour(attempt.card_masked);
  return {
    reference_number: attempt.reference_number,
    state: attempt.state,
    gateway_code: attempt.gateway_code,
    amount: formatAmount(attempt.amount, decimals),
    is_duplicate: attempt.is_duplicate,
    card: attempt.card_brand && last4 ? { brand: attempt.card_brand, last4 } : null,
    message: attempt.message,
    created_at: attempt.created_at.toISOString(),
    completed_at: attempt.completed_at ? attempt.completed_at.toISOString() : null,
  };
}

/** The attempt that settled the transaction: the oldest successful one that is not a duplicate payment. */
const settlingAttempt = (attempts: AttemptView[]) => attempts.find((a) => a.state === "success" && !a.is_duplicate);

/** The transaction as the checkout interface returns it (create, read and update alike). */
export function representTransaction(view: TransactionView) {
  const { txn, decimals } = view;
  const byCode = new Map(view.gateways.map((g) => [g.code, g]));
  const links = linkUrls(view.links);
  const settled = settlingAttempt(view.attempts);
  return {
    session_id: txn.session_id,
    type: txn.type,
    mode: txn.mode,
    state: txn.state,
    operation: txn.operation,
    amount: formatAmount(txn.amount, decimals),
    currency_code: txn.currency_code,
    pg_codes: txn.pg_codes,
    checkout_url: checkoutUrl(txn.session_id),
    checkout_short_url: links.checkout_short_url,
    qr_code_url: links.qr_code_url,
    payment_methods: txn.pg_codes.flatMap((code) => {
      const gateway = byCode.get(code);
      return gateway ? [paymentMethod(view, gateway)] : [];
    }),
    customer_id: txn.customer_id,
    customer_first_name: txn.customer_first_name,
    customer_last_name: txn.customer_last_name,
    customer_email: txn.customer_email,
    customer_phone: txn.customer_phone,
    customer_phone_2: txn.customer_phone_2,
    customer_birthdate: txn.customer_birthdate,
    billing_address: txn.billing_address,
    shipping_address: txn.shipping_address,
    order_no: txn.order_no,
    notifications: { email: txn.notifications.email ?? [], sms: txn.notifications.sms ?? [], whatsapp: txn.notifications.whatsapp ?? [] },
    webhook_url: txn.webhook_url,
    redirect_url: txn.redirect_url,
    vendor_name: txn.vendor_name,
    product_type: txn.product_type,
    expiration_time: formatDuration(txn.expiration_seconds),
    expires_at: txn.expires_at.toISOString(),
    due_datetime: txn.due_datetime ? txn.due_datetime.toISOString() : null,
    language: txn.language,
    email_recipients: txn.email_recipients,
    extra: txn.extra,
    payment_type: txn.payment_type,
    agreement: txn.agreement,
    attachment: view.attachment_token ? attachmentUrl(view.attachment_token) : null,
    attachment_short_url: links.attachment_short_url,
    card_acceptance_criteria: txn.card_acceptance_criteria,
    include_sdk_setup_preload: txn.include_sdk_setup_preload,
    paid_amount: formatAmount(txn.paid_amount, decimals),
    refunded_amount: formatAmount(txn.refunded_amount, decimals),
    captured_amount: formatAmount(txn.captured_amount, decimals),
    voided_amount: formatAmount(txn.voided_amount, decimals),
    reference_number: settled?.reference_number ?? null,
    settled_pg_code: settled?.gateway_code ?? null,
    attempts: view.attempts.map((a) => representAttempt(a, decimals)),
    created_at: txn.created_at.toISOString(),
    updated_at: txn.updated_at.toISOString(),
  };
}

export type TransactionRepresentation = ReturnType<typeof representTransaction>;
