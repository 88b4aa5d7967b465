import type { InngestFunction } from "inngest";
import { jobTasks, type JobTask } from "@/db/job-catalog";
import { deliverWebhook } from "./deliver-webhook";
import { expireTransaction } from "./expire-transaction";
import { jobFunction } from "./job-function";
import { maintenance } from "./maintenance";

/** The jobs Inngest runs its own way: tries with sleeps between, a sleep until the deadline, a cron. */
const overrides: Partial<Record<JobTask, InngestFunction.Any>> = {
  "deliver-webhook": deliverWebhook,
  "expire-transaction": expireTransaction,
  maintenance,
};

/** Every job's Inngest function, by task: its override, or the one made from the catalog and its handler. */
export const jobFunctions = Object.fromEntries(jobTasks.map((task) => [task, overrides[task] ?? jobFunction(task)])) as Record<
  JobTask,
  InngestFunction.Any
>;

/** Every Inngest function of the service, as served at /api/inngest. */
export const functions = Object.values(jobFunctions);

export const { "dispatch-event": dispatchEvent, "send-message": sendMessage, "settle-operation": settleOperation } = jobFunctions;
export { deliverWebhook, expireTransaction, maintenance };
