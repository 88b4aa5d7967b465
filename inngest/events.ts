import { eventType } from "inngest";
import { z } from "zod";

// The events between the outbox relay (inngest/relay-tasks.ts) and the Inngest functions (inngest/functions),
// with their dedupe ids: Inngest ignores a second event with the same id (within 24 hours), so a relay job run
// twice, or a fan-out step repeated, starts each function once.

const id = z.string().min(1);

/** A transaction event row was written: plan its webhook and messages. */
export const eventRecorded = eventType("checkout/event.recorded", { schema: z.object({ eventId: id }) });
/** A planned webhook delivery is to be tried (and retried on the published schedule). */
export const webhookRequested = eventType("checkout/webhook.requested", { schema: z.object({ deliveryId: id }) });
/** A planned e-mail or SMS is to be sent. */
export const messageRequested = eventType("checkout/message.requested", { schema: z.object({ messageId: id }) });
/** A transaction's expiration time: expire it then (when the setting is on and nobody paid). */
export const expiryDue = eventType("checkout/transaction.expiry-due", {
  schema: z.object({ sessionId: id, expiresAt: z.iso.datetime({ offset: true }) }),
});
/** A refund, capture or void is to be sent to its gateway, or asked about, and settled. */
export const operationRequested = eventType("checkout/operation.requested", { schema: z.object({ operationId: id }) });
/** The embedded queue's periodic maintenance job, relayed (Inngest's own cron runs it as well). */
export const maintenanceRequested = eventType("checkout/maintenance.requested");

/** The payloads to send, one builder per event, each with its dedupe id. */
export const outgoing = {
  eventRecorded: (eventId: string) => ({ name: eventRecorded.name, id: `event-${eventId}`, data: { eventId } }),
  webhookRequested: (deliveryId: string) => ({ name: webhookRequested.name, id: `webhook-${deliveryId}`, data: { deliveryId } }),
  /**
   * A delivery still pending long after its time (its run failed or was lost): requested again, keyed by its
   * progress, so each stuck state is requested once.
   */
  webhookRerequested: (deliveryId: string, dueAt: Date | null) => ({
    name: webhookRequested.name,
    id: `webhook-${deliveryId}-due-${dueAt ? dueAt.getTime() : "first"}`,
    data: { deliveryId },
  }),
  messageRequested: (messageId: string) => ({ name: messageRequested.name, id: `message-${messageId}`, data: { messageId } }),
  /** Keyed by the deadline too: a transaction whose expiration time changed is scheduled again. */
  expiryDue: (sessionId: string, expiresAt: Date) => ({
    name: expiryDue.name,
    id: `expiry-${sessionId}-${expiresAt.getTime()}`,
    data: { sessionId, expiresAt: expiresAt.toISOString() },
  }),
  /** Keyed by the minute too: a sweep may ask again about an operation its gateway still leaves pending. */
  operationRequested: (operationId: string, at = new Date()) => ({
    name: operationRequested.name,
    id: `operation-${operationId}-${Math.floor(at.getTime() / 60_000)}`,
    data: { operationId },
  }),
  /** At most one per minute, however many relay workers queue it. */
  maintenanceRequested: (at: Date) => ({
    name: maintenanceRequested.name,
    id: `maintenance-${Math.floor(at.getTime() / 60_000)}`,
    data: {},
  }),
};
