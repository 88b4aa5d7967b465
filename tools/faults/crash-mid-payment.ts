import { setTimeout as sleep } from "node:timers/promises";
import { randomInt } from "node:crypto";
import { embeddedDatabaseUrl } from "../shared/database";
import { createTransaction } from "../shared/http";
import { stopProcess } from "../shared/processes";
import { inPool } from "../shared/stats";
import { pay } from "../shared/payments";
import { crashFaultApp, createFaultFixtures, FAULT_DATA_DIR, faultEnv, startFaultApp, wipeFaultData } from "./fault-app";
import { readPaymentLedger } from "./payment-invariants";
import { scriptedReceiver } from "./scripted-receiver";

const PAYMENTS = 100;
const CUSTOMERS = 10;
const CRASHES = 3;
// A customer whose payment broke off tries again a second later, for this long at most.
const CUSTOMER_PATIENCE_MS = 240_000;
// After the last payment: the sweep asks about attempts a minute without news; deliveries retry after 10 s.
const SETTLE_MS = 150_000;

/**
 * Experiment 2: 100 transactions with a webhook receiver are paid through the sandbox by 10 customers at a time,
 * while the whole app (serve.ts, the web server, the job engine and the embedded PostgreSQL) is SIGKILLed three
 * times at random points and started again. A customer whose payment broke off tries again, as people do. Then:
 * every paid transaction's event reached the receiver (repeats by webhook-id counted, none lost), no transaction's
 * state contradicts its attempts, nobody was charged twice, and no attempt is left pending.
 */
export async function crashMidPayment(): Promise<string[]> {
  await wipeFaultData();
  const env = faultEnv();
  const apiKey = await createFaultFixtures(env);
  let { app } = await startFaultApp(env, { ownGroup: true });
  const receiver = await scriptedReceiver(200, 0);
  const failures: string[] = [];
  try {
    const dbUrl = await embeddedDatabaseUrl(FAULT_DATA_DIR, "checkout");
    const sessions = await inPool(Array.from({ length: PAYMENTS }, (_, i) => i), CUSTOMERS, async (i) =>
      (await createTransaction(env.APP_URL!, apiKey, { webhook_url: receiver.url, order_no: `crash-${i}` })).session_id,
    );
    // Crash points: after a random number of finished payments, plus a random few milliseconds so that the kill
    // lands inside flows, callbacks and deliveries rather than between them.
    const killAfter = Array.from({ length: CRASHES }, () => randomInt(5, PAYMENTS - 5)).sort((a, b) => a - b);
    const progress = { finished: 0, brokenOff: 0, up: true };
    const crashes: { afterPayments: number; downMs: number }[] = [];
    const started = Date.now();

    const customer = async (sessionId: string) => {
      const giveUpAt = Date.now() + CUSTOMER_PATIENCE_MS;
      for (let tries = 0; Date.now() < giveUpAt; tries++) {
        if (tries > 0 && (await stateOf(env.APP_URL!, apiKey, sessionId)) === "paid") break;
        try {
          await pay(env.APP_URL!, sessionId);
          break;
        } catch {
          if (tries === 0) progress.brokenOff++;
          await sleep(1_000);
        }
      }
      progress.finished++;
    };
    const crasher = (async () => {
      for (const after of killAfter) {
        while (progress.finished < after) await sleep(5);
        await sleep(randomInt(0, 150));
        const down = Date.now();
        await crashFaultApp(app);
        ({ app } = await startFaultApp(env, { ownGroup: true }));
        crashes.push({ afterPayments: after, downMs: Date.now() - down });
      }
    })();
    await Promise.all([inPool(sessions, CUSTOMERS, customer), crasher]);
    const payingMs = Date.now() - started;

    // Let the engine finish: pending attempts swept, deliveries retried.
    const settleFrom = Date.now();
    const settled = { noPendingMs: NaN, allDeliveredMs: NaN };
    let ledger = await readPaymentLedger(dbUrl, sessions);
    for (;;) {
      const at = Date.now() - settleFrom;
      if (ledger.pendingAttempts === 0 && Number.isNaN(settled.noPendingMs)) settled.noPendingMs = at;
      if (ledger.paid.every((p) => receiver.arrivals.has(p.eventId)) && Number.isNaN(settled.allDeliveredMs)) settled.allDeliveredMs = at;
      if ((ledger.pendingAttempts === 0 && settled.allDeliveredMs >= 0) || at > SETTLE_MS) break;
      await sleep(500);
      ledger = await readPaymentLedger(dbUrl, sessions);
    }
    const lost = ledger.paid.filter((p) => !receiver.arrivals.has(p.eventId));
    const repeats = [...receiver.byWebhookId.values()].filter((n) => n > 1);

    if (ledger.paid.length !== PAYMENTS) failures.push(`${PAYMENTS - ledger.paid.length} of ${PAYMENTS} transactions not paid after their customers' tries`);
    if (lost.length > 0) failures.push(`${lost.length} paid events never reached the receiver`);
    if (ledger.undeliveredWebhooks > 0) failures.push(`${ledger.undeliveredWebhooks} delivery records not delivered`);
    if (ledger.contradictions.length > 0) failures.push(`${ledger.contradictions.length} states contradict their attempts (${ledger.contradictions.slice(0, 3).join("; ")})`);
    if (ledger.paidTwice > 0) failures.push(`${ledger.paidTwice} transactions paid twice`);
    if (ledger.chargedTwice > 0) failures.push(`${ledger.chargedTwice} customers charged twice`);
    if (ledger.pendingAttempts > 0) failures.push(`${ledger.pendingAttempts} attempts still pending ${SETTLE_MS / 1000} s after the last payment`);
    if (failures.length > 0) process.exitCode = 1;
    return [
      `Crash mid-payment: ${PAYMENTS} payments, ${CUSTOMERS} customers at a time, the whole app SIGKILLed ${CRASHES} times`,
      `  crashes (after N payments: down)   ${crashes.map((c) => `${c.afterPayments}: ${(c.downMs / 1000).toFixed(1)} s`).join(", ")}`,
      `  payments broken off by a crash     ${progress.brokenOff} (their customers tried again); all done in ${(payingMs / 1000).toFixed(1)} s`,
      `  transactions paid                  ${ledger.paid.length} of ${PAYMENTS}; paid twice: ${ledger.paidTwice}; customers charged twice: ${ledger.chargedTwice}`,
      `  attempts by state                  ${Object.entries(ledger.attempts).map(([s, n]) => `${s} ${n}`).join(", ")}`,
      `  states contradicting attempts      ${ledger.contradictions.length}`,
      `  paid events at the receiver        ${ledger.paid.length - lost.length} of ${ledger.paid.length} (${lost.length} lost); POSTs ${[...receiver.byWebhookId.values()].reduce((a, b) => a + b, 0)}, webhook-ids received more than once: ${repeats.length} (${repeats.reduce((n, r) => n + r - 1, 0)} repeats)`,
      `  after the last payment             no attempt pending at ${seconds(settled.noPendingMs)}, every paid event delivered at ${seconds(settled.allDeliveredMs)}`,
      failures.length === 0 ? "  PASS" : `  FAIL: ${failures.join("; ")}`,
    ];
  } finally {
    await receiver.close();
    await stopProcess(app);
  }
}

async function stateOf(appUrl: string, apiKey: string, sessionId: string): Promise<string | null> {
  const res = await fetch(`${appUrl}/b/checkout/v1/pymt-txn/${sessionId}/`, { headers: { authorization: `Api-Key ${apiKey}` } }).catch(() => null);
  return res?.ok ? ((await res.json()) as { state: string }).state : null;
}

const seconds = (ms: number) => (Number.isNaN(ms) ? "never" : `${(ms / 1000).toFixed(1)} s`);
