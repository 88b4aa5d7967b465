import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { jobCatalog, jobTasks, type JobTask } from "@/db/job-catalog";
import { addJobSql, jobSpec } from "@/db/queries/jobs";
import { expiryEvent, jobEvent, jobEvents, webhookRerequest } from "@/inngest/events";
import { functions, jobFunctions } from "@/inngest/functions";
import { relayTasks } from "@/inngest/relay-tasks";
import { embeddedTasks } from "@/lib/jobs/embedded-tasks";
import { jobHandlers } from "@/lib/jobs/job-handlers";
import { testContext } from "../support/test-context";

// The catalog (db/job-catalog.ts) and the handlers (lib/jobs/job-handlers.ts) make both engines. Pinned here:
// each job's payload, key, key mode, Inngest event and dedupe id, as they were before the catalog (a queue or an
// Inngest deployment still holds jobs and events made the old way).
const ctx = testContext();
const at = new Date("2025-01-02T03:04:05.678Z");
const minute = Math.floor(at.getTime() / 60_000);

const pinned: Record<JobTask, { payload: object; key: string; keyMode: string; event: string; dedupe: string; retries?: number }> = {
  "dispatch-event": { payload: { eventId: "7" }, key: "event:7", keyMode: "replace", event: "checkout/event.recorded", dedupe: "event-7" },
  "deliver-webhook": { payload: { deliveryId: "7" }, key: "webhook:7", keyMode: "replace", event: "checkout/webhook.requested", dedupe: "webhook-7" },
  "send-message": {
    payload: { messageId: "7" },
    key: "message:7",
    keyMode: "preserve_run_at",
    event: "checkout/message.requested",
    dedupe: "message-7",
    retries: 5,
  },
  "settle-operation": {
    payload: { operationId: "7" },
    key: "operation:7",
    keyMode: "preserve_run_at",
    event: "checkout/operation.requested",
    dedupe: `operation-7-${minute}`,
    retries: 5,
  },
  "expire-transaction": {
    payload: { sessionId: "7" },
    key: "expire:7",
    keyMode: "replace",
    event: "checkout/transaction.expiry-due",
    dedupe: `expiry-7-${at.getTime()}`,
  },
  maintenance: { payload: {}, key: "maintenance", keyMode: "preserve_run_at", event: "checkout/maintenance.requested", dedupe: `maintenance-${minute}` },
};
const idOf = (task: JobTask) => (jobCatalog[task].id === null ? undefined : "7");

describe("the job catalog", () => {
  it("has the six jobs", () => {
    expect(jobTasks).toEqual(Object.keys(pinned));
  });

  it.each(jobTasks)("%s: a handler, an embedded task, a relay task and an Inngest function", (task) => {
    expect(jobHandlers[task]).toBeDefined();
    expect(embeddedTasks(ctx)[task]).toBeTypeOf("function");
    expect(relayTasks(ctx, { send: async () => ({ ids: [] }) })[task]).toBeTypeOf("function");
    const fn = jobFunctions[task];
    expect(fn.opts.id).toBe(task);
    expect(fn.opts.triggers).toContainEqual({ event: jobEvents[task] });
    expect(jobEvents[task].name).toBe(pinned[task].event);
    expect(fn.opts.retries).toBe(pinned[task].retries);
  });

  it("serves one Inngest function per job at /api/inngest", () => {
    expect(functions.map((f) => f.opts.id).sort()).toEqual([...jobTasks].sort());
  });

  it.each(jobTasks)("%s: the job spec and the event are the ones of before", (task) => {
    const { payload, key, keyMode, event, dedupe } = pinned[task];
    expect(jobSpec(task, idOf(task))).toEqual({ task, payload, jobKey: key, jobKeyMode: keyMode, runAt: undefined, priority: undefined });
    const sent = task === "expire-transaction" ? expiryEvent("7", at) : jobEvent(task, idOf(task) ?? "", at);
    expect(sent).toMatchObject({ name: event, id: dedupe, data: payload });
  });

  it("takes a call site's time, key mode, priority and payload beside the id", () => {
    const runAt = new Date();
    expect(jobSpec("deliver-webhook", "7", { runAt, keyMode: "preserve_run_at", priority: 1, data: { dueAt: at.toISOString() } })).toEqual({
      task: "deliver-webhook",
      payload: { deliveryId: "7", dueAt: at.toISOString() },
      runAt,
      jobKey: "webhook:7",
      jobKeyMode: "preserve_run_at",
      priority: 1,
    });
  });

  it("keeps the Inngest-only events: an expiry carries its deadline, a webhook asked again is keyed by its progress", () => {
    expect(expiryEvent("7", at).data).toEqual({ sessionId: "7", expiresAt: at.toISOString() });
    expect(webhookRerequest("7", at)).toEqual({ name: "checkout/webhook.requested", id: `webhook-7-due-${at.getTime()}`, data: { deliveryId: "7" } });
    expect(webhookRerequest("7", null).id).toBe("webhook-7-due-first");
  });

  it("writes the same add_job inside a SQL statement", () => {
    const compiled = (task: JobTask, runAt?: string) =>
      sql`SELECT ${addJobSql(task, sql`x.id`, runAt ? { runAt: sql.raw(runAt) } : {})}`.compile(ctx.db);
    const dispatch = compiled("dispatch-event");
    expect(dispatch.sql).toContain(`graphile_worker.add_job($1, json_build_object('eventId', x.id)`);
    expect(dispatch.sql).toContain(`job_key := 'event:' || x.id::text`);
    expect(dispatch.parameters).toEqual(["dispatch-event", null, "replace", 0]);
    const expiry = compiled("expire-transaction", "x.expires_at");
    expect(expiry.sql).toContain(`json_build_object('sessionId', x.id)`);
    expect(expiry.sql).toContain(`run_at := x.expires_at::timestamptz, job_key := 'expire:' || x.id::text`);
    expect(expiry.parameters).toEqual(["expire-transaction", "replace", 0]);
  });
});
