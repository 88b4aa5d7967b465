import { appContext } from "@/lib/core/context";
import { sendMessage as sendOneMessage } from "@/lib/delivery/notifications/send-message";
import { inngest } from "../client";
import { messageRequested } from "../events";

/** Sends one planned e-mail or SMS; a temporary provider error throws and Inngest retries the run. */
export const sendMessage = inngest.createFunction(
  { id: "send-message", name: "Send an e-mail or SMS", triggers: [{ event: messageRequested }], retries: 5 },
  async ({ event, step }) => {
    const { messageId } = event.data;
    return step.run("send", () => sendOneMessage({ ctx: appContext(), input: { messageId } }));
  },
);
