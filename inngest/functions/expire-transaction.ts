import { jobCatalog } from "@/db/job-catalog";
import { appContext } from "@/lib/core/context";
import { expireTransaction as expireOne } from "@/lib/checkout/expiry/expire-transaction";
import { inngest } from "../client";
import { jobEvents } from "../events";

/** Waits for a transaction's expiration time, then expires it if the setting is on and it is still unpaid. */
export const expireTransaction = inngest.createFunction(
  { id: "expire-transaction", name: jobCatalog["expire-transaction"].title, triggers: [{ event: jobEvents["expire-transaction"] }] },
  async ({ event, step }) => {
    const { sessionId, expiresAt } = event.data;
    await step.sleepUntil("until-expiry", new Date(expiresAt));
    const expired = await step.run("expire", () => expireOne({ ctx: appContext(), input: { sessionId } }));
    return { sessionId, expired };
  },
);
