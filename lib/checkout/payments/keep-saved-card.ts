import type { Db } from "@/db/client";
import { linkAgreement, releaseAgreementCharge } from "@/db/queries/card-agreements";
import type { TransactionRow } from "@/db/queries/transactions";
import { upsertSavedCard } from "@/db/queries/saved-cards";
import type { PaymentAttempt } from "@/db/types";
import type { FinalResult } from "@/lib/gateways/adapter";

/**
 * After an attempt's final result, inside the caller's database transaction: an auto-debit that did not go
 * through gives its agreement's charge (and its cycle) back; a successful customer payment keeps the card the
 * gateway tokenized and, for an auto_debit transaction, links its agreement to that card (the card later
 * auto-debits charge; its cycle counts from this payment).
 */
export async function keepSavedCard(db: Db, txn: TransactionRow, attempt: PaymentAttempt, result: FinalResult): Promise<void> {
  if (attempt.initiator === "merchant") {
    if (result.outcome !== "success" && txn.customer_id && txn.agreement) await releaseAgreementCharge(db, txn.customer_id, txn.agreement.id, attempt.id);
    return;
  }
  if (result.outcome !== "success" || !result.savedCardToken || !result.card || !txn.customer_id) return;
  const [month, year] = result.card.expiry.split("/").map(Number);
  const cardId = await upsertSavedCard(db, {
    customerId: txn.customer_id,
    pg: attempt.pg,
    gatewayCode: attempt.gateway_code,
    token: result.savedCardToken,
    brand: result.card.brand,
    masked: result.card.masked,
    month: month!,
    // Gateways write MM/YY.
    year: year! < 100 ? 2000 + year! : year!,
    holder: result.card.holder ?? null,
  });
  if (txn.payment_type === "auto_debit" && txn.agreement) {
    await linkAgreement(db, {
      customerId: txn.customer_id,
      agreement: txn.agreement,
      cardId,
      sessionId: txn.session_id,
      amount: txn.amount,
      currencyCode: txn.currency_code,
    });
  }
}
