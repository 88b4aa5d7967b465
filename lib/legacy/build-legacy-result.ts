import type { RowView } from "@/db/queries/transactions";
import type { PaymentAttempt } from "@/db/types";
import { formatAmount } from "@/lib/core/money/decimal";
import { customerFields, nonEmpty } from "@/lib/checkout/result/build-payload";
import { signPayment } from "@/lib/checkout/result/payment-signature";
import { deliveryLocationOf } from "@/lib/checkout/page-fields/page-fields";

export type LegacyResultWord = "success" | "canceled" | "failed" | "error";

/**
 * The legacy payment result POSTed to disclosure_url: the spec's legacy result fields plus session_id and
 * delivery_location, signed by the webhook scheme with `Gateway_name` read as `gateway_name` (the legacy name of
 * the same field). Optional fields appear only with a value, as the spec says of the customer fields. Built once
 * when the event is planned and stored, so every retry and resend is byte-for-byte the same.
 */
export function buildLegacyResult(input: {
  result: LegacyResultWord;
  view: RowView;
  attempt: PaymentAttempt | undefined;
  hmacKey: string | null;
}): Record<string, unknown> {
  const { txn, decimals } = input.view;
  const { attempt } = input;
  const legacy = txn.legacy ?? {};
  const payload: Record<string, unknown> = {
    result: input.result,
    amount: formatAmount(txn.amount, decimals),
    currency_code: txn.currency_code,
    ...nonEmpty({ message: attempt?.message }),
    reference_number: attempt?.reference_number ?? null,
    order_no: txn.order_no,
    session_id: txn.session_id,
    ...nonEmpty({
      bulk_id: legacy.bulk_id,
      ...customerFields(txn),
      vendor_name: txn.vendor_name,
      full_name: legacy.full_name,
    }),
    Gateway_name: attempt?.pg ?? null,
    gateway_account: attempt?.gateway_code ?? null,
    gateway_response: attempt?.gateway_response ?? null,
    ...nonEmpty({ delivery_location: deliveryLocationOf(txn.legacy) }),
  };
  if (!input.hmacKey) return payload;
  return { ...payload, signature: signPayment(input.hmacKey, { ...payload, gateway_name: payload.Gateway_name }) };
}
