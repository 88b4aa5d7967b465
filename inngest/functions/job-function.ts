import { jobDefinition, payloadId, type JobTask } from "@/db/job-catalog";
import { appContext } from "@/lib/core/context";
import { jobHandlers } from "@/lib/jobs/job-handlers";
import { inngest } from "../client";
import { jobEvent, jobEvents } from "../events";

/**
 * The Inngest function of a job with nothing Inngest-specific to it: its handler in a step (a thrown error
 * retries the run, as many times as the catalog says), then the events of the jobs it causes.
 */
export function jobFunction(task: JobTask) {
  const { title, retries } = jobDefinition(task);
  const handler = jobHandlers[task];
  return inngest.createFunction(
    { id: task, name: title, triggers: [{ event: jobEvents[task] }], ...(retries === undefined ? {} : { retries }) },
    async ({ event, step }) => {
      const id = payloadId(task, event.data);
      if ("run" in handler) return step.run("run", () => handler.run(appContext(), id));
      const { result, followUps } = await step.run("plan", () => handler.fanOut(appContext(), id));
      if (followUps.length > 0) await step.sendEvent("fan-out", followUps.map((next) => jobEvent(next.task, next.id)));
      return result;
    },
  );
}
