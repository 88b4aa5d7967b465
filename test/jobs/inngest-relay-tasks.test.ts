import { Logger, makeWorkerUtils, runOnce, type WorkerUtils } from "graphile-worker";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { enqueueJob } from "@/db/queries/jobs";
import { inngest } from "@/inngest/client";
import type { Caller } from "@/lib/access/auth/permissions";
import { env } from "@/lib/core/env";
import { scheduleExpiries } from "@/lib/checkout/expiry/schedule-expiries";
import { relayTasks } from "@/inngest/relay-tasks";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { eventually } from "../support/eventually";
import { testContext } from "../support/test-context";

// The relay (JOB_ENGINE=inngest) run by a real graphile-worker over this file's database: the jobs written
// with each state change are the outbox, and each becomes one Inngest event. Only Inngest's API is replaced.
const ctx = testContext();
const quiet = new Logger(() => () => {});
let caller: Caller;
let utils: WorkerUtils;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  utils = await makeWorkerUtils({ connectionString: env.DATABASE_URL!, logger: quiet });
});
afterAll(() => utils.release());

interface Sent {
  name: string;
  id?: string;
  data?: Record<string, unknown>;
}
let sent: Sent[] = [];
let inngestDown = false;
beforeEach(() => {
  sent = [];
  inngestDown = false;
  vi.spyOn(inngest, "send").mockImplementation(async (payload) => {
    if (inngestDown) throw new Error("Inngest API unreachable");
    const list = (Array.isArray(payload) ? payload : [payload]) as Sent[];
    sent.push(...list);
    return { ids: list.map((e) => e.id ?? "") } as Awaited<ReturnType<typeof inngest.send>>;
  });
});

// runOnce resolves without awaiting the record of each job's completion or failure (graphile-worker 0.17): wait
// until no job is still locked, so what follows sees the queue as the run left it.
const relayQueue = async () => {
  await runOnce({ connectionString: env.DATABASE_URL!, logger: quiet, taskList: relayTasks(ctx) });
  await eventually(async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE locked_at IS NOT NULL`.execute(ctx.db);
    return rows[0]!.n === 0;
  });
};
const jobsLeft = async (task: string) =>
  (await sql<{ id: string; attempts: number; last_error: string | null }>`
    SELECT id::text, attempts, last_error FROM graphile_worker.jobs WHERE task_identifier = ${task}`.execute(ctx.db)).rows;

describe("relayTasks: the graphile-worker queue as Inngest's outbox", () => {
  it("forwards every recorded transaction event as checkout/event.recorded, once per event id", async () => {
    const sessionId = await newTransaction(ctx, caller, { webhook_url: "http://127.0.0.1:9/hook" });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    const recorded = await events(ctx, sessionId);
    expect(recorded.map((e) => e.to_state)).toContain("paid");

    await relayQueue();
    const forwarded = sent.filter((e) => e.name === "checkout/event.recorded");
    // Creation has no side effects here (no Created notification asked for), nor has a payment's start: their
    // events get no job.
    const withEffects = recorded.filter((e) => e.kind !== "created" && e.cause !== "payment_started");
    expect(forwarded).toEqual(withEffects.map((e) => ({ name: "checkout/event.recorded", id: `event-${e.event_id}`, data: { eventId: e.event_id } })));
    expect(await jobsLeft("dispatch-event")).toEqual([]);
  });

  it("forwards a transaction's expiry at its deadline, keyed by the deadline", async () => {
    const sessionId = await newTransaction(ctx, caller, { expiration_time: "00:00:01" });
    const { expires_at } = await ctx.db.selectFrom("transactions").select("expires_at").where("session_id", "=", sessionId).executeTakeFirstOrThrow();
    await scheduleExpiries({ ctx }); // what the worker does every second, in either engine
    await relayQueue();
    expect(sent.filter((e) => e.name === "checkout/transaction.expiry-due")).toEqual([]);

    // Controlled time: the queue's clock reaches the deadline (the job's run_at) without the test waiting for it.
    await sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`expire:${sessionId}`}`.execute(ctx.db);
    await relayQueue();
    expect(sent.filter((e) => e.name === "checkout/transaction.expiry-due")).toEqual([
      {
        name: "checkout/transaction.expiry-due",
        id: `expiry-${sessionId}-${expires_at.getTime()}`,
        data: { sessionId, expiresAt: expires_at.toISOString() },
      },
    ]);
  });

  it("forwards maintenance, webhook and message jobs with their dedupe ids", async () => {
    await enqueueJob(ctx.db, { task: "maintenance", payload: {}, jobKey: "maintenance" });
    await enqueueJob(ctx.db, { task: "deliver-webhook", payload: { deliveryId: "41" } });
    await enqueueJob(ctx.db, { task: "send-message", payload: { messageId: "42" } });
    const minute = Math.floor(Date.now() / 60_000);
    await relayQueue();
    expect(sent.filter((e) => e.name !== "checkout/event.recorded")).toEqual(
      expect.arrayContaining([
        { name: "checkout/maintenance.requested", id: expect.stringMatching(new RegExp(`^maintenance-(${minute}|${minute + 1})$`)), data: {} },
        { name: "checkout/webhook.requested", id: "webhook-41", data: { deliveryId: "41" } },
        { name: "checkout/message.requested", id: "message-42", data: { messageId: "42" } },
      ]),
    );
    expect(sent).toHaveLength(3);
  });

  it("keeps a job whose send failed, for graphile-worker to retry, and the retry sends the same event", async () => {
    const sessionId = await newTransaction(ctx, caller, { customer_email: "c@example.com", notifications: { email: ["created"] } });
    const [created] = await events(ctx, sessionId);
    inngestDown = true;
    await relayQueue();
    const [job] = await jobsLeft("dispatch-event");
    expect(job).toMatchObject({ attempts: 1, last_error: expect.stringContaining("Inngest API unreachable") });
    expect(sent).toEqual([]);

    inngestDown = false;
    await utils.rescheduleJobs([job!.id], { runAt: new Date() });
    await relayQueue();
    expect(sent).toEqual([{ name: "checkout/event.recorded", id: `event-${created!.event_id}`, data: { eventId: created!.event_id } }]);
    expect(await jobsLeft("dispatch-event")).toEqual([]);
  });

  it("fails a job whose payload lacks its id instead of sending a bad event", async () => {
    await enqueueJob(ctx.db, { task: "send-message", payload: {} });
    await relayQueue();
    const [job] = await jobsLeft("send-message");
    expect(job).toMatchObject({ attempts: 1, last_error: expect.stringContaining("no messageId") });
    expect(sent).toEqual([]);
    await utils.permanentlyFailJobs([job!.id], "test done");
  });
});
