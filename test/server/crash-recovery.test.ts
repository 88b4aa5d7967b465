import type { ChildProcess } from "node:child_process";
import { beforeAll, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { env } from "@/lib/core/env";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { signPayment } from "@/lib/checkout/result/payment-signature";
import { spawnForTest } from "../support/child-processes";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { eventually } from "../support/eventually";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

const ctx = testContext();
const KEY = "crash-test-key";
let caller: Caller;
let worker: ChildProcess | null = null;

/**
 * The job engine as its own process (`npm run worker`) on this file's database. Node with tsx's loader, not the
 * `tsx` command: that one runs the script in a child process, so a SIGKILL to it would leave the worker running.
 */
function startWorkerProcess(): ChildProcess {
  // Retries every second for a minute: long enough to outlast the receiver's downtime.
  const schedule = Array.from({ length: 60 }, () => "1").join(",");
  return spawnForTest(process.execPath, ["--import", "tsx", "server/worker.ts"], {
    env: { ...process.env, DATABASE_URL: env.DATABASE_URL, WEBHOOK_RETRY_SCHEDULE: schedule },
    stdio: "ignore",
  });
}

beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await updateSettings({ ctx, input: { webhookHmacKey: KEY } });
});

it("delivers every event after the engine is killed (SIGKILL) with 200 deliveries pending and the receiver down", async () => {
  const receiver = await startReceiver();
  await receiver.stop();
  const sessions: string[] = [];
  for (let i = 0; i < 200; i++) {
    const sessionId = await newTransaction(ctx, caller, { webhook_url: receiver.url, order_no: `CRASH-${i}` });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    sessions.push(sessionId);
  }

  worker = startWorkerProcess();
  // Every delivery has been tried (and failed: the receiver is down) before the crash.
  await eventually(async () => {
    const tried = await ctx.db.selectFrom("webhook_deliveries").select("id").where("attempt_count", ">", 0).execute();
    return tried.length === 200;
  }, { ms: 60_000 });
  worker.kill("SIGKILL");
  await new Promise((r) => worker!.once("exit", r));

  await receiver.start();
  worker = startWorkerProcess();
  await eventually(async () => {
    const delivered = await ctx.db.selectFrom("webhook_deliveries").select("id").where("state", "=", "delivered").execute();
    return delivered.length === 200;
  }, { ms: 90_000 });

  const bySession = new Map<string, Set<string>>();
  for (const hit of receiver.received) {
    const payload = JSON.parse(hit.body) as Record<string, unknown>;
    const { signature, ...signed } = payload;
    expect(signature).toBe(signPayment(KEY, signed));
    bySession.set(String(payload.session_id), (bySession.get(String(payload.session_id)) ?? new Set()).add(hit.body));
  }
  expect(new Set(bySession.keys())).toEqual(new Set(sessions));
  // Delivered at least once, and every copy of an event is byte-for-byte the same.
  for (const bodies of bySession.values()) expect(bodies.size).toBe(1);
}, 180_000);
