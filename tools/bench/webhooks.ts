// Webhook latency on the embedded engine: payments made through the real HTTP flow with the sandbox's approve card;
// latency = the receiver's arrival time − the 'paid' event row's created_at (same machine, same clock).
import { withClient } from "../shared/database";
import { createTransaction } from "../shared/http";
import { pay } from "../shared/payments";
import { inPool, ms, summarize, type Summary } from "../shared/stats";
import { startReceiver } from "../shared/webhook-receiver";

export const PAYMENTS = 100;
export const PAYMENT_CONCURRENCY = 10;
const WAIT_AFTER_LAST_PAYMENT_MS = 30_000;

export interface WebhookFigures {
  payments: number;
  concurrency: number;
  /** Wall time of the payment phase (all flows), s, and the median flow (pay → card → return), ms. */
  payingSeconds: number;
  flow: Summary;
  /** Latency over the 'paid' events whose webhook arrived, ms. */
  latency: Summary;
  missing: number;
  unsigned: number;
  /** POSTs received in all, repeats included (only 'paid' events are sent: the flow has no other result). */
  received: number;
}

/** Creates `PAYMENTS` transactions with webhook_url = a local receiver, pays each, and measures the webhook latency. */
export async function measureWebhooks(appUrl: string, apiKey: string, dbUrl: string): Promise<WebhookFigures> {
  const receiver = await startReceiver();
  try {
    process.stderr.write(`Webhook latency: ${PAYMENTS} payments, ${PAYMENT_CONCURRENCY} at a time, receiver ${receiver.url} …\n`);
    const indexes = Array.from({ length: PAYMENTS }, (_, i) => i);
    const sessions = await inPool(indexes, PAYMENT_CONCURRENCY, async (i) => {
      const txn = await createTransaction(appUrl, apiKey, { webhook_url: receiver.url, order_no: `bench-webhook-${Date.now()}-${i}` });
      return txn.session_id;
    });
    const started = performance.now();
    const flows = await inPool(sessions, PAYMENT_CONCURRENCY, (sessionId) => pay(appUrl, sessionId));
    const payingSeconds = (performance.now() - started) / 1000;

    const events = await withClient(dbUrl, async (c) => {
      const { rows } = await c.query<{ event_id: string; at: number }>(
        `SELECT event_id::text, (extract(epoch FROM created_at) * 1000)::float8 AS at
         FROM transaction_events WHERE to_state = 'paid' AND session_id = ANY($1::text[])`,
        [sessions],
      );
      return rows;
    });
    if (events.length !== PAYMENTS) throw new Error(`${events.length} of ${PAYMENTS} paid transactions have a 'paid' event.`);

    const deadline = Date.now() + WAIT_AFTER_LAST_PAYMENT_MS;
    while (Date.now() < deadline && events.some((e) => !receiver.arrivals.has(e.event_id))) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const arrived = events.flatMap((e) => {
      const a = receiver.arrivals.get(e.event_id);
      return a ? [{ latency: a.at - e.at, signed: a.signed }] : [];
    });
    const figures: WebhookFigures = {
      payments: PAYMENTS,
      concurrency: PAYMENT_CONCURRENCY,
      payingSeconds,
      flow: summarize(flows),
      latency: summarize(arrived.map((a) => a.latency)),
      missing: events.length - arrived.length,
      unsigned: arrived.filter((a) => !a.signed).length,
      received: receiver.total(),
    };
    const { latency } = figures;
    process.stderr.write(
      `  paid in ${payingSeconds.toFixed(1)} s; webhook latency p50 ${ms(latency.p50)} ms, p99 ${ms(latency.p99)} ms, max ${ms(latency.max)} ms, ${figures.missing} missing\n`,
    );
    return figures;
  } finally {
    await receiver.close();
  }
}
