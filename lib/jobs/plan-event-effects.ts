import type { Db } from "@/db/client";
import { findOperation } from "@/db/queries/operations";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import { type FactsWithConfig, findEventFacts } from "@/db/queries/event-facts";
import { upsertDelivery } from "@/db/queries/webhooks";
import { planLegacyResult } from "@/lib/legacy/plan-legacy-result";
import { planMessages } from "@/lib/delivery/notifications/plan-messages";
import { buildWebhookPayload } from "@/lib/checkout/result/build-payload";
import { eventResult } from "@/lib/delivery/webhooks/event-result";
import { resultTarget } from "@/lib/checkout/result/result-target";
import { withCachedConfig } from "@/lib/checkout/transactions/cached-checkout-config";

export interface EventEffects {
  deliveryIds: string[];
  messageIds: string[];
}

/**
 * What one event causes: a delivery of its result to the transaction's results endpoint (the payment payload to
 * webhook_url; for a legacy transaction, the legacy result to disclosure_url), and the e-mails and SMS its
 * notifications ask for. Idempotent: planning an event again finds the same rows.
 */
export async function planEventEffects(db: Db, eventId: string): Promise<EventEffects> {
  const found = await findEventFacts(db, eventId);
  if (!found) return { deliveryIds: [], messageIds: [] };
  const { event, txn } = found;
  const deliveryIds: string[] = [];
  const url = resultTarget(txn);
  const plan = txn.interface === "legacy" ? planLegacyResult : planWebhookPayload;
  const payload = url ? await plan(db, { event, attempt: found.attempt, view: await withCachedConfig({ db }, txn) }) : null;
  if (url && payload) deliveryIds.push(await upsertDelivery(db, { eventId, sessionId: event.session_id, url, payload }));
  const messageIds = await planMessages(db, event, txn);
  return { deliveryIds, messageIds };
}

/** The checkout interface's payment payload for a payment or operation result, or null for other events. */
async function planWebhookPayload(db: Db, { event, view, attempt }: FactsWithConfig): Promise<Record<string, unknown> | null> {
  const result = eventResult(event);
  if (!result) return null;
  const operation = event.operation_id ? await findOperation(db, event.operation_id) : undefined;
  const { webhook_hmac_key } = await cachedSettings(db);
  return buildWebhookPayload({ event, result, view, attempt, operation, hmacKey: webhook_hmac_key });
}
