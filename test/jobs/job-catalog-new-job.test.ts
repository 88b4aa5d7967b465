import { InngestTestEngine } from "@inngest/test";
import { Logger, runOnce } from "graphile-worker";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { JobDefinition, JobTask } from "@/db/job-catalog";
import { enqueueJob, jobSpec } from "@/db/queries/jobs";
import { jobEvent } from "@/inngest/events";
import { functions, jobFunctions } from "@/inngest/functions";
import { relayTasks } from "@/inngest/relay-tasks";
import { env } from "@/lib/core/env";
import { embeddedTasks } from "@/lib/jobs/embedded-tasks";
import type { JobHandler } from "@/lib/jobs/job-handlers";
import { eventually } from "../support/eventually";
import { closeAppContextAfterAll, received } from "../support/inngest-run";
import { testContext } from "../support/test-context";

// Two jobs added the way a developer adds one, a catalog entry and a handler each, before anything reads them:
// a simple job and one that fans out to it. Nothing else is written for them, and both engines run them.
const pinged = vi.hoisted(() => [] as string[]);

vi.mock("@/db/job-catalog", async (importOriginal) => {
  const catalog = await importOriginal<typeof import("@/db/job-catalog")>();
  const added: Record<string, JobDefinition> = {
    "ping-row": { title: "Ping a row", id: "rowId", key: "ping", keyMode: "preserve_run_at", event: "test/row.pinged", dedupe: (id) => `ping-${id}` },
    "ping-rows": { title: "Ping rows", id: "batchId", key: "batch", keyMode: "replace", event: "test/rows.pinged", dedupe: (id) => `batch-${id}` },
  };
  Object.assign(catalog.jobCatalog, added);
  catalog.jobTasks.push(...(Object.keys(added) as JobTask[])); // derived from the catalog when it loads
  return catalog;
});

vi.mock("@/lib/jobs/job-handlers", async (importOriginal) => {
  const handlers = await importOriginal<typeof import("@/lib/jobs/job-handlers")>();
  const added: Record<string, JobHandler> = {
    "ping-row": {
      run: async (_ctx, id) => {
        pinged.push(id);
        return { pinged: id };
      },
    },
    "ping-rows": {
      fanOut: async (_ctx, id) => ({ result: { batch: id }, followUps: ["1", "2"].map((n) => ({ task: "ping-row" as JobTask, id: `${id}-${n}` })) }),
    },
  };
  Object.assign(handlers.jobHandlers, added);
  return handlers;
});

const ctx = testContext();
closeAppContextAfterAll();
const pingRow = "ping-row" as JobTask;
const pingRows = "ping-rows" as JobTask;
beforeEach(() => {
  pinged.length = 0;
});

describe("a job added to the catalog with its handler", () => {
  it("runs on the embedded engine, its follow-ups queued by the fanning-out job", async () => {
    await enqueueJob(ctx.db, jobSpec(pingRows, "b1"));
    await runOnce({ connectionString: env.DATABASE_URL!, logger: new Logger(() => () => {}), taskList: embeddedTasks(ctx) });
    await eventually(() => pinged.length === 2);
    expect(pinged.sort()).toEqual(["b1-1", "b1-2"]);
  });

  it("is relayed to Inngest as its event, with its dedupe id", async () => {
    const sent: unknown[] = [];
    const send = async (event: unknown) => {
      sent.push(event);
      return { ids: [] };
    };
    const tasks = relayTasks(ctx, { send });
    await tasks[pingRow]!({ rowId: "r1" }, {} as never);
    expect(sent).toEqual([{ name: "test/row.pinged", id: "ping-r1", data: { rowId: "r1" } }]);
  });

  it("is served by a generated Inngest function, which sends its follow-ups' events", async () => {
    expect(functions).toContain(jobFunctions[pingRow]);
    const ran = await new InngestTestEngine({ function: jobFunctions[pingRow] }).execute({ events: [received(jobEvent(pingRow, "r2"))] });
    expect(ran.result).toEqual({ pinged: "r2" });
    expect(pinged).toEqual(["r2"]);

    const fanned = await new InngestTestEngine({ function: jobFunctions[pingRows] }).execute({
      events: [received(jobEvent(pingRows, "b2"))],
      steps: [{ id: "fan-out", handler: () => ({ ids: [] }) }],
    });
    expect(fanned.result).toEqual({ batch: "b2" });
    expect(fanned.ctx.step.sendEvent).toHaveBeenCalledWith("fan-out", [
      { name: "test/row.pinged", id: "ping-b2-1", data: { rowId: "b2-1" } },
      { name: "test/row.pinged", id: "ping-b2-2", data: { rowId: "b2-2" } },
    ]);
  });
});
