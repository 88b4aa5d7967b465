import type { Db } from "@/db/client";
import { findOperation } from "@/db/queries/operations";
import { latestAttempt } from "@/db/queries/payments";
import { getSettings } from "@/db/queries/settings";
import { findTransactionView } from "@/db/queries/transactions";
import { findAttempt, findEvent, upsertDelivery } from "@/db/queries/webhooks";
import { planMessages } from "@/lib/notifications/plan-messages";
import { buildWebhookPayload } from "@/lib/webhooks/build-payload";
import { eventResult } from "@/lib/webhooks/event-result";

export interface EventEffects {
  deliveryIds: string[];
  messageIds: string[];
}

/**
 * What one event causes: a webhook delivery to the transaction's webhook_url for a payment result, and the
 * e-mails and SMS its notifications ask for. Idempotent: planning an event again finds the same rows.
 */
export async function planEventEffects(db: Db, eventId: string): Promise<EventEffects> {
  const event = await findEvent(db, eventId);
  const view = event ? await findTransactionView(db, event.session_id) : undefined;
  if (!event || !view) return { deliveryIds: [], messageIds: [] };
  const deliveryIds: string[] = [];
  const result = eventResult(event);
  if (result && view.txn.webhook_url) {
    const attempt = event.attempt_id ? await findAttempt(db, event.attempt_id) : await latestAttempt(db, event.session_id);
    const operation = event.operation_id ? await findOperation(db, event.operation_id) : undefined;
    const { webhook_hmac_key } = await getSettings(db);
    const payload = buildWebhookPayload({ event, result, view, attempt, operation, hmacKey: webhook_hmac_key });
    deliveryIds.push(await upsertDelivery(db, { eventId, sessionId: event.session_id, url: view.txn.webhook_url, payload }));
  }
  const messageIds = await planMessages(db, event, view.txn);
  return { deliveryIds, messageIds };
}
