import { appContext } from "@/lib/core/context";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { inngest } from "../client";
import { eventRecorded, outgoing } from "../events";

/** Plans what a transaction event causes (webhook, e-mails, SMS) and starts one run for each. */
export const dispatchEvent = inngest.createFunction(
  { id: "dispatch-event", name: "Dispatch a transaction event", triggers: [{ event: eventRecorded }] },
  async ({ event, step }) => {
    const { eventId } = event.data;
    const effects = await step.run("plan", () => planEventEffects(appContext().db, eventId));
    const requests = [
      ...effects.deliveryIds.map(outgoing.webhookRequested),
      ...effects.messageIds.map(outgoing.messageRequested),
    ];
    if (requests.length > 0) await step.sendEvent("fan-out", requests);
    return effects;
  },
);
