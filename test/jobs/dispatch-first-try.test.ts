import type { JobHelpers } from "graphile-worker";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { embeddedTasks } from "@/lib/jobs/embedded-tasks";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { startReceiver } from "../support/receiver";
import { recordingDb } from "../support/recording-db";
import { testContext } from "../support/test-context";

// The embedded engine makes a webhook's first try inside its event's dispatch job, once the delivery has committed,
// instead of queueing a job for it (a job's queueing and fetching cost the database more than the try). No worker
// runs here: the dispatch task is run by hand, as graphile-worker would run it.
const ctx = testContext();
const dispatch = embeddedTasks(ctx)["dispatch-event"]!;
const helpers = { job: { id: "0" } } as unknown as JobHelpers;
const recording = recordingDb();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { webhookHmacKey: "first-try-key" } });
});

/** A paid transaction whose webhook goes to `url`; its paid event's id. */
async function paid(url: string): Promise<string> {
  const sessionId = await newTransaction(ctx, caller, { webhook_url: url });
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
  return (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!.event_id;
}

const deliveryOf = (eventId: string) => ctx.db.selectFrom("webhook_deliveries").selectAll().where("event_id", "=", eventId).executeTakeFirstOrThrow();
const jobRunAt = async (deliveryId: string) =>
  (await sql<{ run_at: Date }>`SELECT run_at FROM graphile_worker.jobs WHERE key = ${`webhook:${deliveryId}`}`.execute(ctx.db)).rows[0]?.run_at ?? null;

describe("an event's dispatch job (embedded engine)", () => {
  it("delivers its webhook before it ends, with no job queued for the delivery", async () => {
    const receiver = await startReceiver();
    const eventId = await paid(receiver.url);
    await dispatch({ eventId }, helpers);
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ state: "paid", result: "success" });
    const delivery = await deliveryOf(eventId);
    expect(delivery).toMatchObject({ state: "delivered", attempt_count: 1 });
    expect(await jobRunAt(delivery.id)).toBeNull();
  });

  it("plans without a database transaction of its own: its statements are the plan's and the try's alone", async () => {
    const receiver = await startReceiver();
    const eventId = await paid(receiver.url);
    recording.executed.length = 0;
    await embeddedTasks({ db: recording.db })["dispatch-event"]!({ eventId }, helpers);
    expect(receiver.received).toHaveLength(1);
    const statements = recording.executed.map((q) => q.sql.trim().toLowerCase());
    expect(statements.filter((s) => s === "begin" || s === "commit")).toEqual([]);
    expect(statements.filter((s) => s.includes("webhook_deliveries"))).not.toHaveLength(0);
  });

  it("leaves a failed first try to its retry job; run again, it posts nothing before the retry's time", async () => {
    const receiver = await startReceiver(() => 500);
    const eventId = await paid(receiver.url);
    await dispatch({ eventId }, helpers);
    const delivery = await deliveryOf(eventId);
    expect(delivery).toMatchObject({ state: "pending", attempt_count: 1 });
    const retryAt = await jobRunAt(delivery.id);
    expect(retryAt!.getTime()).toBeGreaterThan(Date.now());

    // graphile-worker runs a job again after an error (here, as if the first run had died after the try).
    await dispatch({ eventId }, helpers);
    expect(receiver.received).toHaveLength(1);
    expect(await deliveryOf(eventId)).toMatchObject({ state: "pending", attempt_count: 1 });
    expect(await jobRunAt(delivery.id)).toEqual(retryAt);
  });
});
