import type { Task, TaskList } from "graphile-worker";
import { jobTasks, payloadId, type JobTask } from "@/db/job-catalog";
import { enqueueJob, jobSpec } from "@/db/queries/jobs";
import type { Ctx } from "@/lib/core/context";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { inSpan } from "@/lib/core/tracing/request-span";
import { jobHandlers } from "./job-handlers";

/** The task list of the embedded engine (graphile-worker): a task per job of the catalog, running its handler. */
export function embeddedTasks(ctx: Ctx): TaskList {
  return Object.fromEntries(jobTasks.map((task) => [task, embeddedTask(ctx, task)]));
}

function embeddedTask(ctx: Ctx, task: JobTask): Task {
  const handler = jobHandlers[task];
  return async (payload, helpers) => {
    const id = payloadId(task, payload);
    // A trace per job (with tracing on): its SQL statements and webhook call under one span.
    await inSpan(`job ${task}`, { "job.task": task, "job.id": helpers.job.id }, async () => {
      if ("run" in handler) {
        await handler.run(ctx, id);
        return;
      }
      // The plan needs no database transaction (BEGIN and COMMIT would be two more round trips): planning again
      // finds the rows planned before, so a job that fails or dies between its writes runs again and completes
      // them, as Inngest's step does. A follow-up never pushes back a job already queued under its key
      // (preserve_run_at): a webhook waiting for its retry keeps its time.
      const { followUps } = await handler.fanOut(ctx, id);
      for (const next of followUps.filter((f) => f.task !== "deliver-webhook")) {
        await enqueueJob(ctx.db, jobSpec(next.task, next.id, { keyMode: "preserve_run_at" }));
      }
      const webhooks = followUps.filter((f) => f.task === "deliver-webhook");
      // A webhook's first try is made here, once its delivery is written, not as a job of its own: queueing and
      // fetching that job cost the database more than the try. Should the process die before the try, this job,
      // not completed, runs again. Retries are jobs; a dispatch run again leaves a delivery already tried to them.
      for (const webhook of webhooks) await attemptDelivery({ ctx, input: { deliveryId: webhook.id, scheduleRetry: true, firstTry: true } });
    });
  };
}
