import { InngestTestEngine } from "@inngest/test";
import { beforeAll, describe, expect, it } from "vitest";
import { dispatchEvent } from "@/inngest/functions";
import type { Caller } from "@/lib/access/auth/permissions";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { closeAppContextAfterAll, outgoing, received } from "../support/inngest-run";
import { testContext } from "../support/test-context";

const ctx = testContext();
closeAppContextAfterAll();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

// Sending events is Inngest's side; the fan-out step is answered as Inngest would (the ids it accepted).
const fanOut = { id: "fan-out", handler: () => ({ ids: [] }) };
// A new engine per run: an engine remembers the steps it ran, as one Inngest run would.
const dispatch = (eventId: string) =>
  new InngestTestEngine({ function: dispatchEvent }).execute({ events: [received(outgoing.eventRecorded(eventId))], steps: [fanOut] });

/** A paid transaction with a webhook and notifications; returns its paid event's id. */
async function paidEvent(fields: Record<string, unknown>) {
  const sessionId = await newTransaction(ctx, caller, fields);
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
  const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
  return { sessionId, eventId: paid.event_id };
}

describe("Inngest function dispatch-event", () => {
  it("plans the webhook and messages of an event and requests each, with dedupe ids", async () => {
    const { sessionId, eventId } = await paidEvent({
      webhook_url: "http://127.0.0.1:9/hook",
      customer_email: "sara@example.com",
      customer_phone: "96550000000",
      notifications: { email: ["paid"], sms: ["paid"] },
    });
    const { result, ctx: run, error } = await dispatch(eventId);
    expect(error).toBeUndefined();

    const deliveries = await ctx.db.selectFrom("webhook_deliveries").select("id").where("session_id", "=", sessionId).execute();
    const messages = await ctx.db.selectFrom("messages").select(["id", "channel"]).where("session_id", "=", sessionId).orderBy("id").execute();
    expect(deliveries).toHaveLength(1);
    expect(messages.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    const deliveryIds = deliveries.map((d) => String(d.id));
    const messageIds = messages.map((m) => String(m.id));
    expect(result).toEqual({ deliveryIds, messageIds });

    expect(run.step.sendEvent).toHaveBeenCalledTimes(1);
    expect(run.step.sendEvent).toHaveBeenCalledWith("fan-out", [
      { name: "checkout/webhook.requested", id: `webhook-${deliveryIds[0]}`, data: { deliveryId: deliveryIds[0] } },
      ...messageIds.map((id) => ({ name: "checkout/message.requested", id: `message-${id}`, data: { messageId: id } })),
    ]);
  });

  it("plans the same rows when run again (a retried run requests the same ids)", async () => {
    const { eventId } = await paidEvent({ webhook_url: "http://127.0.0.1:9/hook", customer_email: "a@example.com", notifications: { email: ["paid"] } });
    const first = await dispatch(eventId);
    const again = await dispatch(eventId);
    expect(again.result).toEqual(first.result);
    expect(again.ctx.step.sendEvent.mock.calls).toEqual(first.ctx.step.sendEvent.mock.calls);
  });

  it("sends nothing for an event without effects", async () => {
    const { eventId } = await paidEvent({});
    const { result, ctx: run } = await dispatch(eventId);
    expect(result).toEqual({ deliveryIds: [], messageIds: [] });
    expect(run.step.sendEvent).not.toHaveBeenCalled();
  });
});
