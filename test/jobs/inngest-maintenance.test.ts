import { InngestTestEngine } from "@inngest/test";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { maintenance } from "@/inngest/functions";
import type { Caller } from "@/lib/access/auth/permissions";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { env } from "@/lib/core/env";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { CARDS, deliverReturn, events, newTransaction, passDeadline, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { closeAppContextAfterAll, outgoing, received } from "../support/inngest-run";
import { testContext } from "../support/test-context";

const ctx = testContext();
closeAppContextAfterAll();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { expireTransactions: true } });
});

const cronTick = { name: "inngest/scheduled.timer", data: { cron: "* * * * *" }, id: "cron-tick", ts: Date.now() };
// Sending events is Inngest's side; the step is answered as Inngest would.
const sweep = (event: { name: string; data: Record<string, unknown>; id: string; ts: number }) =>
  new InngestTestEngine({ function: maintenance }).execute({
    events: [event],
    steps: [{ id: "request-stuck-webhooks", handler: () => ({ ids: [] }) }],
  });

describe("Inngest function maintenance", () => {
  it("runs every minute, and when the relay forwards the queue's maintenance job", () => {
    expect(maintenance.opts.triggers).toEqual([{ cron: "* * * * *" }, { event: expect.objectContaining({ name: "checkout/maintenance.requested" }) }]);
  });

  it("expires overdue transactions whose expiry was missed, and requests stuck webhooks again from Inngest", async () => {
    const sessionId = await newTransaction(ctx, caller);
    await passDeadline(ctx, sessionId);
    // A webhook still pending past the grace time (its run was lost): the embedded engine's sweep queues a
    // job for it; with Inngest it is requested again as an event, and no graphile job is queued.
    const paidId = await newTransaction(ctx, caller, { webhook_url: "http://127.0.0.1:9/hook" });
    await deliverReturn(ctx, (await payWith(ctx, paidId, CARDS.approve)).next);
    const paid = (await events(ctx, paidId)).find((e) => e.to_state === "paid")!;
    const [deliveryId] = (await planEventEffects(ctx.db, paid.event_id)).deliveryIds;
    // Controlled time: planned past the grace period, as if its run had been lost that long ago.
    await sql`UPDATE webhook_deliveries SET created_at = now() - make_interval(secs => ${env.JOB_LOCK_STALE_SECONDS + 1}) WHERE id = ${deliveryId}`.execute(ctx.db);

    const { result, error, ctx: run } = await sweep(cronTick);
    expect(error).toBeUndefined();
    expect(run.step.run).toHaveBeenCalledWith("sweep", expect.any(Function));
    expect(result).toEqual({ released: expect.any(Number), expired: 1, requeued: 0, operationsRequeued: 0, attemptsSettled: 0, webhooksRequested: 1 });
    expect(await stateOf(ctx, sessionId)).toBe("expired");
    expect(run.step.sendEvent).toHaveBeenCalledWith("request-stuck-webhooks", [
      { name: "checkout/webhook.requested", id: `webhook-${deliveryId}-due-first`, data: { deliveryId } },
    ]);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ${`webhook:${deliveryId}`}`.execute(ctx.db);
    expect(rows[0]!.n).toBe(0);
  });

  it("runs the same sweep for the relayed event, and finds nothing left to do once the webhook is done", async () => {
    await ctx.db.updateTable("webhook_deliveries").set({ state: "failed" }).where("state", "=", "pending").execute();
    const { result, ctx: run } = await sweep(received(outgoing.maintenanceRequested(new Date())));
    expect(result).toEqual({ released: 0, expired: 0, requeued: 0, operationsRequeued: 0, attemptsSettled: 0, webhooksRequested: 0 });
    expect(run.step.sendEvent).not.toHaveBeenCalled();
  });
});
