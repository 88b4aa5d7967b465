import { Logger, runOnce } from "graphile-worker";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retryDeliveriesForm } from "@/lib/panel/admin/retry-deliveries-form";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Caller } from "@/lib/access/auth/permissions";
import { env } from "@/lib/core/env";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { relayTasks } from "@/inngest/relay-tasks";
import { startWorker } from "@/lib/jobs/start-worker";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { listFailingDeliveries } from "@/lib/delivery/webhooks/list-failing-deliveries";
import { createGateway, createUser } from "../support/factories";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { eventually } from "../support/eventually";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

// The failing deliveries page and the retry buttons (its rows, "Retry selected", the transaction page's "Resend
// webhook"): what is listed and to whom, and a retry that goes through the webhook engine's own path to the
// merchant's endpoint. Deliveries are tried by hand here until the last block starts the embedded engine.

const ctx = testContext();
let apiKey: Caller;
let superuser: UserCaller;
let clerk: UserCaller; // gateway "card" only
let answer = 200;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  apiKey = await setUpPayments(ctx);
  await createGateway(ctx, { code: "other", currencies: ["KWD"] });
  superuser = adminCaller(await createUser(ctx, { isSuperuser: true }));
  clerk = adminCaller(await createUser(ctx, { gatewayCodes: ["card"], permissions: ["create"] }));
  receiver = await startReceiver(() => answer);
});

/** A paid transaction on `code` whose webhook was tried once, with the receiver answering `status`. */
async function triedOnce(status: number, code = "card") {
  answer = status;
  const sessionId = await newTransaction(ctx, apiKey, { pg_codes: [code], webhook_url: receiver.url });
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve, { code })).next);
  const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
  const [deliveryId] = (await planEventEffects(ctx.db, paid.event_id)).deliveryIds;
  await attemptDelivery({ ctx, input: { deliveryId: deliveryId!, scheduleRetry: false } });
  return { sessionId, deliveryId: deliveryId! };
}

const list = (caller: Caller, input: { before?: string; limit?: number } = {}) => listFailingDeliveries({ ctx, input: { caller, ...input } });
const retry = (caller: UserCaller, fields: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  return retryDeliveriesForm({ ctx, input: { caller, form } });
};
const delivery = (id: string) => ctx.db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const auditOf = (id: string) =>
  ctx.db.selectFrom("audit_log").select(["actor", "action", "entity", "before", "after"]).where("entity", "=", "webhook_delivery").where("entity_id", "=", id).execute();

let failed: { sessionId: string; deliveryId: string };
let retrying: { sessionId: string; deliveryId: string };
let othersFailed: { sessionId: string; deliveryId: string };
let delivered: { sessionId: string; deliveryId: string };

describe("the failing deliveries", () => {
  beforeAll(async () => {
    failed = await triedOnce(404); // a 4xx ends the delivery at once
    delivered = await triedOnce(200);
    retrying = await triedOnce(503); // waits for its next try
    othersFailed = await triedOnce(410, "other");
  });

  it("are the failed and the retrying ones, newest first, each with its last try", async () => {
    const rows = await list(superuser);
    expect(rows.map((r) => r.id)).toEqual([othersFailed.deliveryId, retrying.deliveryId, failed.deliveryId]);
    expect(rows[1]).toMatchObject({ session_id: retrying.sessionId, state: "pending", attempt_count: 1, last_status: 503, last_error: null });
    expect(rows[1]!.next_attempt_at).toBeInstanceOf(Date);
    expect(rows[2]).toMatchObject({ state: "failed", last_status: 404, url: receiver.url });
    expect(rows[2]!.last_tried_at).toBeInstanceOf(Date);
  });

  it("come by keyset pages", async () => {
    const first = await list(superuser, { limit: 2 });
    const second = await list(superuser, { limit: 2, before: first.at(-1)!.id });
    expect([...first, ...second].map((r) => r.id)).toEqual((await list(superuser)).map((r) => r.id));
    expect(second).toHaveLength(1);
    await expect(list(superuser, { before: "1 OR 1=1" })).rejects.toThrow("Validation failed");
  });

  it("of a user who is not a superuser are those of their gateways' transactions", async () => {
    expect((await list(clerk)).map((r) => r.id)).toEqual([retrying.deliveryId, failed.deliveryId]);
  });

  it("retry: pending and due now, a job queued on the webhook engine's key, an audit entry; all in one go", async () => {
    const state = await retry(superuser, { deliveryId: [failed.deliveryId, retrying.deliveryId] });
    expect(state).toEqual({ message: "2 deliveries queued: tried again now.", error: null });
    for (const { deliveryId } of [failed, retrying]) {
      const row = await delivery(deliveryId);
      expect(row).toMatchObject({ state: "pending", delivered_at: null });
      const { rows } = await sql<{ payload: { deliveryId: string; dueAt: string }; run_at: Date }>`
        SELECT payload, run_at FROM graphile_worker._private_jobs WHERE key = ${`webhook:${deliveryId}`}`.execute(ctx.db);
      expect(rows).toEqual([{ payload: { deliveryId, dueAt: row.next_attempt_at!.toISOString() }, run_at: expect.any(Date) }]);
      expect(rows[0]!.run_at.getTime()).toBeLessThanOrEqual(row.next_attempt_at!.getTime() + 1);
    }
    expect(await auditOf(failed.deliveryId)).toEqual([
      {
        actor: superuser.username,
        action: "webhook.retry",
        entity: "webhook_delivery",
        before: { session_id: failed.sessionId, state: "failed", attempt_count: 1, last_status: 404 },
        after: { session_id: failed.sessionId, state: "pending" },
      },
    ]);
    // Listed until a try succeeds, as waiting for the try now due.
    expect((await list(superuser)).map((r) => [r.id, r.state])).toEqual([
      [othersFailed.deliveryId, "failed"],
      [retrying.deliveryId, "pending"],
      [failed.deliveryId, "pending"],
    ]);
  });

  it("retry refuses another gateway's delivery as not found, and retries nothing of a list naming one", async () => {
    expect(await retry(clerk, { only: othersFailed.deliveryId })).toEqual({ message: null, error: "No such delivery." });
    expect(await retry(superuser, { deliveryId: [othersFailed.deliveryId, "987654321"] })).toEqual({
      message: null,
      error: "One of these deliveries does not exist: nothing was retried.",
    });
    expect(await delivery(othersFailed.deliveryId)).toMatchObject({ state: "failed" });
    expect(await auditOf(othersFailed.deliveryId)).toEqual([]);
  });

  it.each([
    [{}, "Choose at least one delivery to retry."],
    [{ only: "abc" }, "A delivery is named by its id."],
    [{ deliveryId: Array.from({ length: 101 }, (_, i) => String(i + 1)) }, "Retry at most 100 deliveries at a time."],
  ])("retry answers %j with its error", async (fields, error) => {
    expect(await retry(superuser, fields)).toEqual({ message: null, error });
  });
});

describe("a retry through the job engines", () => {
  it("with JOB_ENGINE=inngest, is relayed as a new request for the delivery (Inngest ignores an id it has seen)", async () => {
    type Sent = { id?: string; name: string; data?: { deliveryId?: string } };
    const sent: Sent[] = [];
    const client = { send: async (event: unknown) => void sent.push(...([event].flat() as Sent[])) };
    const requested = () => sent.filter((e) => e.name === "checkout/webhook.requested" && e.data?.deliveryId === othersFailed.deliveryId);
    await retry(superuser, { only: othersFailed.deliveryId });
    const { next_attempt_at } = await delivery(othersFailed.deliveryId);
    await runOnce({ connectionString: env.DATABASE_URL!, logger: new Logger(() => () => {}), taskList: relayTasks(ctx, client as never) });
    await eventually(() => requested().length > 0);
    expect(requested()).toEqual([
      { name: "checkout/webhook.requested", id: `webhook-${othersFailed.deliveryId}-due-${next_attempt_at!.getTime()}`, data: { deliveryId: othersFailed.deliveryId } },
    ]);
  });

  describe("with the embedded engine", () => {
    let worker: { stop(): Promise<void> };
    beforeAll(async () => {
      worker = await startWorker(env.DATABASE_URL!);
    });
    afterAll(() => worker.stop());

    it("delivers a failed webhook to the merchant once retried, the same event as before", async () => {
      let up = false;
      const merchant = await startReceiver(() => (up ? 200 : 500));
      const sessionId = await newTransaction(ctx, apiKey, { webhook_url: merchant.url });
      await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
      // The engine tries it on the published schedule until it gives up.
      const [first] = await eventually(async () => {
        const rows = await ctx.db.selectFrom("webhook_deliveries").selectAll().where("session_id", "=", sessionId).execute();
        return rows[0]?.state === "failed" && rows;
      });
      const tries = merchant.received.length;
      expect(tries).toBe(env.WEBHOOK_RETRY_SCHEDULE.length + 1);

      up = true;
      expect((await retry(superuser, { only: first!.id })).message).toBe("1 delivery queued: tried again now.");
      const done = await eventually(async () => {
        const row = await delivery(first!.id);
        return row.state === "delivered" && row;
      });
      expect(done).toMatchObject({ attempt_count: tries + 1, last_status: 200 });
      expect(merchant.received).toHaveLength(tries + 1);
      expect(merchant.received.at(-1)!.headers["webhook-id"]).toBe(first!.event_id);
      expect(JSON.parse(merchant.received.at(-1)!.body)).toEqual(first!.payload);
    });

    it("resends a delivered webhook (the transaction page's Resend button)", async () => {
      answer = 200;
      const { event_id } = await delivery(delivered.deliveryId);
      const hits = () => receiver.received.filter((r) => r.headers["webhook-id"] === event_id);
      expect(hits()).toHaveLength(1);
      expect(await retry(superuser, { only: delivered.deliveryId })).toMatchObject({ error: null });
      await eventually(async () => (await delivery(delivered.deliveryId)).state === "delivered" && hits().length === 2);
      expect(await delivery(delivered.deliveryId)).toMatchObject({ attempt_count: 2, last_status: 200 });
      expect(hits()[1]!.body).toBe(hits()[0]!.body);
    });
  });
});
