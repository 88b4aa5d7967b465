import { embeddedDatabaseUrl, withClient } from "../shared/database";
import { createTransaction } from "../shared/http";
import { inPool, ms, summarize } from "../shared/stats";
import { startReceiver } from "../shared/webhook-receiver";
import { pay } from "../shared/payments";
import { createFaultFixtures, FAULT_DATA_DIR, faultEnv, startFaultApp, wipeFaultData } from "./fault-app";
import { scriptedReceiver } from "./scripted-receiver";

const PER_RECEIVER = 50;
const SLOW_ANSWER_MS = 20_000;
const HEALTHY_P99_MS = 1_000;
const FIRST_RETRY_S = 10; // WEBHOOK_RETRY_SCHEDULE's first step
const WAIT_FOR_RETRIES_MS = 25_000;

/**
 * Experiment 3: 50 payments whose webhook goes to a receiver that answers after 20 s, 50 to one that answers
 * 500, then 50 to a healthy receiver while the others are in flight. The healthy receiver's webhooks must arrive
 * with p99 under 1 s of the payment (no head-of-line blocking), and the failing receiver's first retry must come
 * after the published 10 s.
 */
export async function slowReceivers(): Promise<string[]> {
  await wipeFaultData();
  const env = faultEnv();
  const apiKey = await createFaultFixtures(env);
  const { app, stop } = await startFaultApp(env);
  const slow = await scriptedReceiver(200, SLOW_ANSWER_MS);
  const failing = await scriptedReceiver(500, 0);
  const healthy = await startReceiver();
  const failures: string[] = [];
  try {
    const url = await embeddedDatabaseUrl(FAULT_DATA_DIR, "checkout");
    const sessions = async (webhookUrl: string, tag: string) =>
      inPool(Array.from({ length: PER_RECEIVER }, (_, i) => i), 10, async (i) =>
        (await createTransaction(env.APP_URL!, apiKey, { webhook_url: webhookUrl, order_no: `${tag}-${i}` })).session_id,
      );
    const slowIds = await sessions(slow.url, "slow");
    const failingIds = await sessions(failing.url, "failing");
    const healthyIds = await sessions(healthy.url, "healthy");

    await inPool([...slowIds, ...failingIds], 10, (id) => pay(env.APP_URL!, id));
    await inPool(healthyIds, 10, (id) => pay(env.APP_URL!, id));
    const paidAt = await withClient(url, async (c) => {
      const { rows } = await c.query<{ event_id: string; at: number }>(
        `SELECT event_id::text, (extract(epoch FROM created_at) * 1000)::float8 AS at FROM transaction_events
         WHERE to_state = 'paid' AND session_id = ANY($1::text[])`,
        [healthyIds],
      );
      return rows;
    });
    const deadline = Date.now() + WAIT_FOR_RETRIES_MS;
    while (Date.now() < deadline && [...failing.arrivals.values()].filter((a) => a.length >= 2).length < PER_RECEIVER) {
      await new Promise((r) => setTimeout(r, 250));
    }

    const latency = summarize(paidAt.flatMap((e) => (healthy.arrivals.has(e.event_id) ? [healthy.arrivals.get(e.event_id)!.at - e.at] : [])));
    const missing = paidAt.length - latency.n;
    const retries = [...failing.arrivals.values()].filter((a) => a.length >= 2).map((a) => (a[1]! - a[0]!) / 1000);
    const retry = summarize(retries);
    const slowTried = slow.arrivals.size;

    if (missing > 0) failures.push(`${missing} of ${paidAt.length} healthy webhooks did not arrive`);
    if (!(latency.p99 < HEALTHY_P99_MS)) failures.push(`healthy webhook latency p99 ${ms(latency.p99)} ms, over ${HEALTHY_P99_MS} ms`);
    if (retry.n === 0 || retry.p50 < FIRST_RETRY_S - 0.5) failures.push(`first retry of a 500 after ${retry.n ? retry.p50.toFixed(1) : "—"} s, not after ${FIRST_RETRY_S} s`);
    if (failures.length > 0) process.exitCode = 1;
    return [
      `Slow and failing receivers: ${PER_RECEIVER} webhooks to a receiver answering after ${SLOW_ANSWER_MS / 1000} s, ${PER_RECEIVER} to one answering 500, then ${PER_RECEIVER} to a healthy one`,
      `  healthy webhook latency           p50 ${ms(latency.p50)} ms, p99 ${ms(latency.p99)} ms, max ${ms(latency.max)} ms (${latency.n} of ${paidAt.length} arrived)`,
      `  slow receiver, events tried        ${slowTried} of ${PER_RECEIVER} while the healthy ones were delivered`,
      `  first retry after a 500            p50 ${retry.n ? retry.p50.toFixed(1) : "—"} s, max ${retry.n ? retry.max.toFixed(1) : "—"} s (${retry.n} of ${PER_RECEIVER} retried within ${WAIT_FOR_RETRIES_MS / 1000} s of the last payment)`,
      `  app process                        ${app.exitCode === null ? "survived" : `exited ${app.exitCode}`}`,
      failures.length === 0 ? "  PASS" : `  FAIL: ${failures.join("; ")}`,
    ];
  } finally {
    await Promise.all([slow.close(), failing.close(), healthy.close()]);
    await stop();
  }
}
