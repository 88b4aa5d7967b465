import { fetch } from "undici";
import { embeddedDatabaseUrl, withClient } from "../shared/database";
import { createTransaction } from "../shared/http";
import { inPool } from "../shared/stats";
import { pay } from "../shared/payments";
import { createFaultFixtures, FAULT_DATA_DIR, faultEnv, startFaultApp, wipeFaultData } from "./fault-app";
import { scriptedReceiver } from "./scripted-receiver";

const PAID = 10;
const COPIES = 500; // of each paid event's delivery: PAID × COPIES deliveries
const TARGET_PER_SECOND = 500;
const DRAIN_TIMEOUT_MS = 120_000;

/**
 * Experiment 3, throughput: how many webhook deliveries per second one worker process sends to a healthy local
 * receiver. 10 sandbox payments make real deliveries; each is copied 500 times (its own URL query, so it is a
 * delivery of its own) and queued as a job in one statement, the way `dispatch-event` queues them. The physical
 * floor is the same POSTs sent by a bare loop in this process, 10 at a time, like the engine's 10 job slots.
 */
export async function webhookThroughput(): Promise<string[]> {
  await wipeFaultData();
  const env = faultEnv();
  const apiKey = await createFaultFixtures(env);
  const { app, stop } = await startFaultApp(env);
  const receiver = await scriptedReceiver(200, 0);
  const arrivals = () => [...receiver.arrivals.values()].flat();
  const failures: string[] = [];
  try {
    const url = await embeddedDatabaseUrl(FAULT_DATA_DIR, "checkout");
    const sessions = await inPool(Array.from({ length: PAID }, (_, i) => i), PAID, async (i) =>
      (await createTransaction(env.APP_URL!, apiKey, { webhook_url: receiver.url, order_no: `throughput-${i}` })).session_id,
    );
    await inPool(sessions, PAID, (id) => pay(env.APP_URL!, id));
    await until(() => arrivals().length >= PAID, DRAIN_TIMEOUT_MS);

    const payload = await withClient(url, async (c) => (await c.query<{ payload: unknown }>(`SELECT payload FROM webhook_deliveries LIMIT 1`)).rows[0]!.payload);
    const floor = await bareLoop(receiver.url, JSON.stringify(payload), PAID * COPIES);
    receiver.arrivals.clear();

    const total = PAID * COPIES;
    const queuedAt = Date.now();
    await withClient(url, (c) =>
      c.query(
        `WITH copies AS (
           INSERT INTO webhook_deliveries (event_id, session_id, url, payload)
           SELECT d.event_id, d.session_id, d.url || '?copy=' || g, d.payload
           FROM webhook_deliveries d CROSS JOIN generate_series(1, $1::int) g WHERE d.session_id = ANY($2::text[])
           RETURNING id)
         SELECT count(graphile_worker.add_job('deliver-webhook', json_build_object('deliveryId', id::text),
                                              job_key := 'webhook:' || id)) FROM copies`,
        [COPIES, sessions],
      ),
    );
    await until(() => arrivals().length >= total, DRAIN_TIMEOUT_MS);
    const times = arrivals().sort((a, b) => a - b);
    const seconds = (times.at(-1)! - times[0]!) / 1000;
    const perSecond = times.length / seconds;
    const fromQueued = times.length / ((times.at(-1)! - queuedAt) / 1000);

    const { delivered, attempts } = await withClient(url, async (c) => {
      const { rows } = await c.query<{ delivered: number; attempts: number }>(
        `SELECT (SELECT count(*)::int FROM webhook_deliveries WHERE url LIKE '%?copy=%' AND state = 'delivered') AS delivered,
                (SELECT count(*)::int FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
                 WHERE d.url LIKE '%?copy=%') AS attempts`,
      );
      return rows[0]!;
    });
    if (times.length !== total) failures.push(`${times.length} POSTs for ${total} deliveries`);
    if (delivered !== total || attempts !== total) failures.push(`${delivered} delivered with ${attempts} tries, of ${total}`);
    if (perSecond < TARGET_PER_SECOND) failures.push(`${perSecond.toFixed(0)} deliveries/s, under the ${TARGET_PER_SECOND}/s target`);
    if (failures.length > 0) process.exitCode = 1;
    return [
      `Webhook throughput: ${total} deliveries queued at once, one worker process (WORKER_CONCURRENCY 10), receiver on 127.0.0.1 answering 200 at once`,
      `  deliveries/s, first to last POST   ${perSecond.toFixed(0)} (${times.length} POSTs in ${seconds.toFixed(2)} s)`,
      `  deliveries/s, queued to last POST  ${fromQueued.toFixed(0)}`,
      `  physical floor (bare POST loop)    ${floor.toFixed(0)}/s; the worker reaches ${((perSecond / floor) * 100).toFixed(0)} % of it`,
      `  records                            ${delivered} delivered, ${attempts} tries`,
      `  app process                        ${app.exitCode === null ? "survived" : `exited ${app.exitCode}`}`,
      failures.length === 0 ? "  PASS" : `  FAIL: ${failures.join("; ")}`,
    ];
  } finally {
    await receiver.close();
    await stop();
  }
}

/** The same POSTs from a bare loop, 10 at a time: what the machine and receiver allow; returns POSTs per second. */
async function bareLoop(url: string, body: string, count: number): Promise<number> {
  const started = performance.now();
  await inPool(Array.from({ length: count }, (_, i) => i), 10, async (i) => {
    const res = await fetch(`${url}?floor=${i}`, { method: "POST", headers: { "content-type": "application/json" }, body });
    await res.text();
  });
  return count / ((performance.now() - started) / 1000);
}

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Not done within ${timeoutMs / 1000} s.`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
