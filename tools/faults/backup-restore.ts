import { statSync } from "node:fs";
import path from "node:path";
import { embeddedDatabaseUrl, withClient } from "../shared/database";
import { createTransaction } from "../shared/http";
import { pay } from "../shared/payments";
import { runScriptOrThrow, startScript, stopProcess, waitForOk } from "../shared/processes";
import { startReceiver } from "../shared/webhook-receiver";
import { createFaultFixtures, FAULT_DATA_DIR, FAULT_PG_PORT, FAULT_PORT, FAULT_URL, faultEnv, startFaultApp, wipeFaultData } from "./fault-app";
import { answersDuring, startRecordedLoad } from "./recorded-load";

// FAULTS_BACKUP_SECONDS: the load before the backup (after it, half as long again).
const WARM_SECONDS = Number(process.env.FAULTS_BACKUP_SECONDS ?? 20);
const CLIENTS = 6;
const BACKUP_FILE = path.join(FAULT_DATA_DIR, "under-load.backup");
const RESTORED_DIR = path.join(FAULT_DATA_DIR, "restored");
const SECOND_URL = `http://127.0.0.1:${FAULT_PORT + 1}`;

/**
 * Experiment 7: a backup taken while clients create, read and pay (the service keeps serving: no request may
 * fail), restored into a fresh data directory, a second instance started on it. Every transaction acknowledged
 * before the backup began must be there with its events; every payment acknowledged before it must be paid there,
 * with its webhook delivery record (written by the restored instance's job engine if its job was still pending).
 */
export async function backupRestore(): Promise<string[]> {
  await wipeFaultData();
  const env = faultEnv();
  const apiKey = await createFaultFixtures(env);
  const { stop } = await startFaultApp(env);
  const receiver = await startReceiver();
  const failures: string[] = [];
  let second: ReturnType<typeof startScript> | null = null;
  try {
    const load = startRecordedLoad({ targets: () => [FAULT_URL], apiKey, webhookUrl: receiver.url, clients: CLIENTS });
    await sleep(WARM_SECONDS * 1000);
    const backupStarted = Date.now();
    const backupLines = await runScriptOrThrow("server/admin.ts", ["backup", "--to", BACKUP_FILE], env);
    const backupEnded = Date.now();
    await sleep((WARM_SECONDS * 1000) / 2);
    await load.stop();
    await stop();

    const restoreStarted = Date.now();
    const secondEnv = faultEnv({ DATA_DIR: RESTORED_DIR, PORT: String(FAULT_PORT + 1), APP_URL: SECOND_URL, EMBEDDED_PG_PORT: String(FAULT_PG_PORT + 2) });
    await runScriptOrThrow("server/admin.ts", ["restore", "--from", BACKUP_FILE], secondEnv);
    const restoreMs = Date.now() - restoreStarted;
    second = startScript("server/serve.ts", [], secondEnv, "restored");
    await waitForOk(`${SECOND_URL}/api/ready`, second);

    const acknowledged = load.answers.filter((a) => a.ok && a.end < backupStarted);
    const sessions = [...new Set(acknowledged.map((a) => a.sessionId!))];
    const paid = acknowledged.filter((a) => a.kind === "pay").map((a) => a.sessionId!);
    const url = await embeddedDatabaseUrl(RESTORED_DIR, "checkout");
    const found = await withClient(url, async (c) => {
      const rows = await c.query<{ session_id: string; state: string; events: string }>(
        `SELECT t.session_id, t.state, (SELECT count(*) FROM transaction_events e WHERE e.session_id = t.session_id) AS events
           FROM transactions t WHERE t.session_id = ANY($1)`,
        [sessions],
      );
      return new Map(rows.rows.map((r) => [r.session_id, r]));
    });
    const missing = sessions.filter((id) => !found.has(id));
    const withoutEvents = sessions.filter((id) => found.has(id) && Number(found.get(id)!.events) === 0);
    const notPaid = paid.filter((id) => found.get(id)?.state !== "paid");
    const undelivered = await deliveriesMissing(url, paid);

    // The restored instance works: its API key, its gateway (credentials read with the restored key), a payment.
    const check = await createTransaction(SECOND_URL, apiKey, { webhook_url: receiver.url });
    await pay(SECOND_URL, check.session_id);

    const during = answersDuring(load.answers, backupStarted, backupEnded);
    const all = load.answers.filter((a) => !a.ok);
    if (during.failed.length > 0) failures.push(`${during.failed.length} requests failed during the backup (${during.failed[0]!.error})`);
    if (all.length > 0) failures.push(`${all.length} requests failed in all (${all[0]!.error})`);
    if (missing.length > 0) failures.push(`${missing.length} acknowledged transactions missing after the restore`);
    if (withoutEvents.length > 0) failures.push(`${withoutEvents.length} restored transactions without events`);
    if (notPaid.length > 0) failures.push(`${notPaid.length} acknowledged payments not paid after the restore`);
    if (undelivered.length > 0) failures.push(`${undelivered.length} acknowledged payments without a webhook delivery record`);
    if (failures.length > 0) process.exitCode = 1;
    return [
      `Backup and restore under load: ${CLIENTS} clients, backup after ${WARM_SECONDS} s`,
      ...backupLines.map((line) => `  backup: ${line}`),
      `  file                                 ${(statSync(BACKUP_FILE).size / 1024 / 1024).toFixed(1)} MiB, mode ${(statSync(BACKUP_FILE).mode & 0o777).toString(8)}`,
      `  backup took (CLI process included)   ${((backupEnded - backupStarted) / 1000).toFixed(1)} s`,
      `  requests during the backup           ${during.count}, failed ${during.failed.length}`,
      `  requests in all                      ${load.answers.length}, failed ${all.length}`,
      `  restore into a fresh data directory  ${(restoreMs / 1000).toFixed(1)} s`,
      `  acknowledged before the backup       ${sessions.length} transactions, ${paid.length} payments`,
      `  missing / without events             ${missing.length} / ${withoutEvents.length}`,
      `  payments not paid / no delivery      ${notPaid.length} / ${undelivered.length}`,
      "  a payment on the restored instance   paid",
      failures.length === 0 ? "  PASS" : `  FAIL: ${failures.join("; ")}`,
    ];
  } finally {
    if (second) await stopProcess(second);
    await receiver.close();
    await stop();
  }
}

/** The paid sessions without a delivery record of their paid event, once the restored engine has had 60 s. */
async function deliveriesMissing(url: string, paid: string[]): Promise<string[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const delivered = await withClient(url, async (c) =>
      (
        await c.query<{ session_id: string }>(
          `SELECT DISTINCT e.session_id FROM transaction_events e JOIN webhook_deliveries d ON d.event_id = e.event_id
            WHERE e.session_id = ANY($1) AND e.to_state = 'paid'`,
          [paid],
        )
      ).rows.map((r) => r.session_id),
    );
    const missing = paid.filter((id) => !delivered.includes(id));
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await sleep(500);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
