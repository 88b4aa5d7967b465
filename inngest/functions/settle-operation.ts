import { appContext } from "@/lib/core/context";
import { resumeOperation } from "@/lib/checkout/operations/resume-operation";
import { inngest } from "../client";
import { operationRequested } from "../events";

/** Sends a refund, capture or void to its gateway (or asks about it) and settles it; a gateway error retries. */
export const settleOperation = inngest.createFunction(
  { id: "settle-operation", name: "Settle an operation", triggers: [{ event: operationRequested }], retries: 5 },
  async ({ event, step }) => {
    const { operationId } = event.data;
    const state = await step.run("settle", () =>
      resumeOperation({ ctx: appContext(), input: { operationId, settle: false, cause: "gateway" } }),
    );
    return { operationId, state };
  },
);
