import { afterAll } from "vitest";
import { expiryEvent, jobEvent } from "@/inngest/events";
import { appContext } from "@/lib/core/context";

// The Inngest functions take the app's context (appContext(), on DATABASE_URL: this file's own database) inside
// their steps, as they do when served; its pool is closed after the file.
export function closeAppContextAfterAll() {
  afterAll(() => appContext().db.destroy());
}

/** The event an Inngest function receives, in the shape @inngest/test takes. */
export const received = <T extends { name: string; id: string; data: Record<string, unknown> }>(event: T) => ({
  name: event.name,
  id: event.id,
  data: event.data,
  ts: Date.now(),
});

/** The events the tests start the functions with, one builder per job. */
export const outgoing = {
  eventRecorded: (eventId: string) => jobEvent("dispatch-event", eventId),
  webhookRequested: (deliveryId: string) => jobEvent("deliver-webhook", deliveryId),
  messageRequested: (messageId: string) => jobEvent("send-message", messageId),
  expiryDue: expiryEvent,
  maintenanceRequested: (at: Date) => jobEvent("maintenance", "", at),
};
