import type { Task, TaskList } from "graphile-worker";
import { jobTasks, payloadId, type JobTask } from "@/db/job-catalog";
import { enqueueJob, jobSpec } from "@/db/queries/jobs";
import type { Ctx } from "@/lib/core/context";
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
      // The plan and the jobs it causes commit together. A follow-up never pushes back a job already queued under
      // its key (preserve_run_at): a webhook waiting for its retry keeps its time.
      await ctx.db.transaction().execute(async (trx) => {
        const { followUps } = await handler.fanOut({ ...ctx, db: trx }, id);
        for (const next of followUps) await enqueueJob(trx, jobSpec(next.task, next.id, { keyMode: "preserve_run_at" }));
      });
    });
  };
}
