import type { Db } from "@/db/client";
import { linkAgreement } from "@/db/queries/card-agreements";
import type { TransactionRow } from "@/db/queries/transactions";
import { markSavedCardUsed, upsertSavedCard } from "@/db/queries/saved-cards";
import type { PaymentAttempt } from "@/db/types";
import type { FinalResult } from "@/lib/gateways/adapter";

/**
 * After a successful attempt: keeps the card the gateway tokenized for the customer and, for an auto_debit
 * transaction, links its agreement to that card (the card later auto-debits charge); an auto-debit's own card
 * becomes the customer's newest. Inside the caller's database transaction.
 */
export async function keepSavedCard(db: Db, txn: TransactionRow, attempt: PaymentAttempt, result: FinalResult): Promise<void> {
  if (attempt.saved_card_id) {
    await markSavedCardUsed(db, attempt.saved_card_id);
    return;
  }
  if (!result.savedCardToken || !result.card || !txn.customer_id) return;
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
