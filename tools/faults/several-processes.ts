import { setTimeout as sleep } from "node:timers/promises";
import type { ChildProcess } from "node:child_process";
import { withClient } from "../shared/database";
import { createTransaction, send } from "../shared/http";
import { signIn } from "../shared/sign-in";
import { type LogEntry, runScriptOrThrow, startScript, stopProcess, waitForOk, watchLog } from "../shared/processes";
import { pay } from "../shared/payments";
import { createFaultFixtures, FAULT_PORT, faultEnv, startOwnPostgres, wipeFaultData } from "./fault-app";
import { scriptedReceiver } from "./scripted-receiver";
import { networkError, type SentRequest, watchRequests } from "./watched-requests";

const CLIENTS = 16;
const RUN_MS = 40_000;
const CACHE_CHECK_AT_MS = 5_000;
const TERM_AT_MS = 15_000;
// Every fourth transaction of a client is left unpaid to expire, 5 s after its creation.
const EXPIRING_EVERY = 4;
const EXPIRATION = "00:00:05";
// The receiver answers after 100 ms, and the SIGTERMs wait for a moment when it holds more requests than one
// worker may send it at once (WEBHOOK_TARGET_CONCURRENCY, 3): then both workers have deliveries in flight.
const RECEIVER_DELAY_MS = 100;
const IN_FLIGHT_AT_TERM = 4;
// … for at most this long after TERM_AT_MS (a slow machine may never have that many in flight).
const TERM_WAIT_MS = 5_000;
const CACHE_BOUND_MS = 2_000;
// server/web-server.ts: 10 s for requests in flight, then a forced exit at 15 s.
const WEB_EXIT_BOUND_MS = 15_000;
// server/worker.ts: WEBHOOK_TIMEOUT_SECONDS (15) + 5 s for jobs in flight, 15 s for the database step.
const WORKER_EXIT_BOUND_MS = 35_000;
const SETTLE_MS = 60_000;
// A second gateway, switched off and on to see both web processes drop their cached copy.
const SPARE_GATEWAY = "spare";
const ADMIN = { username: "faults-admin", password: "faults-admin-password" };

interface Proc {
  label: string;
  child: ChildProcess;
  errors: string[];
  /** Jobs completed (graphile-worker's debug log): task and time. */
  completed: { task: string; at: number }[];
  /** A worker's job-queue id (its "worker started" entry): the rows it holds are locked with it. */
  poolId: string | null;
}

interface Stopped {
  code: number | null;
  ms: number;
}

/**
 * Experiment 4: two web processes (WORKER=off) and two `npm run worker` processes on one PostgreSQL, all four
 * started at once on an empty database. 16 clients create transactions on one web process and pay them on the
 * other (a webhook each; every fourth is left to expire after 5 s). A configuration change must reach both web
 * processes' caches within 2 s; an admin session made on one must be valid on the other. At 15 s one web process
 * and one worker get SIGTERM with requests and jobs in flight; the load goes on on the others. Afterwards: every
 * delivery record delivered, each event received once; every expiring transaction expired once, by one job run;
 * no request lost to a reset; every 201 in the database; the stopped processes exit 0 within their bounds.
 */
export async function severalProcesses(): Promise<string[]> {
  await wipeFaultData();
  const database = await startOwnPostgres();
  const receiver = await scriptedReceiver(200, RECEIVER_DELAY_MS);
  const ports = [FAULT_PORT, FAULT_PORT + 1];
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const common = { DATABASE_URL: database.url };
  const webs = ports.map((port, i) =>
    startProc(`web${i + 1}`, "server/serve.ts", faultEnv({ ...common, WORKER: "off", PORT: String(port), APP_URL: urls[i]! })),
  );
  // Debug level: graphile-worker reports each completed job there (not shown, only counted).
  const workers = [1, 2].map((n) => startProc(`worker${n}`, "server/worker.ts", faultEnv({ ...common, LOG_LEVEL: "debug" }), /"level":20/));
  const all = [...webs, ...workers];
  const failures: string[] = [];
  let watch: ReturnType<typeof watchRequests> | undefined;
  try {
    await Promise.all([...webs.map((w, i) => waitForOk(`${urls[i]}/api/health`, w.child)), ...workers.map(waitForWorker)]);
    const env = faultEnv(common);
    const apiKey = await createFaultFixtures(env);
    const admin = (...args: string[]) => runScriptOrThrow("server/admin.ts", args, env);
    await admin("create-gateway", "--code", SPARE_GATEWAY, "--pg", "sandbox", "--currencies", "KWD");
    await admin("create-user", "--username", ADMIN.username, "--password", ADMIN.password, "--superuser");

    watch = watchRequests();
    const { sent } = watch;
    const started = Date.now();
    const stopAt = started + RUN_MS;
    const gone = new Set<number>(); // web processes found refusing connections after their SIGTERM
    const load = { created: [] as string[], paid: [] as string[], expiring: [] as string[], problems: [] as string[], movedAway: 0 };
    const live = (i: number) => (gone.has(i) ? 1 - i : i);
    let terminatedAt: number | null = null;
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let n = 0; Date.now() < stopAt; n++) {
        const home = live(c % 2);
        const expiring = n % EXPIRING_EVERY === 0;
        const fields = { webhook_url: receiver.url, order_no: `procs-${c}-${n}`, ...(expiring ? { expiration_time: EXPIRATION } : {}) };
        try {
          const { session_id } = await createTransaction(urls[home]!, apiKey, fields);
          load.created.push(session_id);
          if (expiring) load.expiring.push(session_id);
          else {
            // Paid on the other web process: the payment continues what the first one recorded.
            await pay(urls[live(1 - home)]!, session_id);
            load.paid.push(session_id);
          }
        } catch (error) {
          const refusedBy = ports.indexOf(refusedPort(error));
          if (terminatedAt !== null && refusedBy === 0) {
            gone.add(refusedBy);
            load.movedAway++;
          } else load.problems.push(String((error as Error).message).slice(0, 200));
        }
      }
    });

    const cache = sleep(CACHE_CHECK_AT_MS).then(() => checkConfigCache(urls, apiKey, database.url));
    const sessions = sleep(CACHE_CHECK_AT_MS).then(() => checkAdminSession(urls));
    // Awaited below; until then a failure must not end the run before the processes are stopped.
    for (const check of [cache, sessions]) check.catch(() => undefined);
    await sleep(TERM_AT_MS);
    while (receiver.inFlight() < IN_FLIGHT_AT_TERM && Date.now() < started + TERM_AT_MS + TERM_WAIT_MS) await sleep(5);
    terminatedAt = Date.now();
    const [webStop, workerStop] = await Promise.all([terminate(webs[0]!), terminate(workers[0]!)]);
    const leftLocked = await lockedBy(database.url, workers[0]!.poolId!);
    await Promise.all(clients);
    const loadEnd = Date.now();
    watch.restore();
    const cacheFigures = await cache;
    const sessionValid = await sessions;

    const deliveries = await settledDeliveries(database.url, load.created, loadEnd + SETTLE_MS);
    const expiry = await settledExpiry(database.url, load.expiring, workers, loadEnd + SETTLE_MS);
    const missing = await missingSessions(database.url, load.created);
    const notPaid = await notInState(database.url, load.paid, "paid");

    const arrivals = deliveries.map((d) => receiver.arrivals.get(d.event_id)?.length ?? 0);
    const unplanned = deliveries.filter((d) => d.state === null).length;
    const notDelivered = deliveries.filter((d) => d.state !== "delivered").length;
    const lost = arrivals.filter((n) => n === 0).length;
    const duplicates = arrivals.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const triedTwice = deliveries.filter((d) => d.attempt_count > 1).length;

    const toStopped = sent.filter((r) => r.port === ports[0]);
    const inFlight = toStopped.filter((r) => r.at < terminatedAt! && (r.end === null || r.end > terminatedAt!));
    const duringDrain = toStopped.filter((r) => r.at >= terminatedAt! && r.error !== "refused");
    const resets = sent.filter((r) => r.error !== null && r.error !== "refused");
    const wrongRefusals = sent.filter((r) => r.error === "refused" && (r.port !== ports[0] || r.at < terminatedAt!));
    const unanswered = (list: SentRequest[]) => list.filter((r) => r.status === null).length;
    const stoppingWorkerJobs = workers[0]!.completed.filter((j) => j.at >= terminatedAt!).length;
    const errorLines = all.flatMap((p) => p.errors.map((line) => `${p.label}: ${line}`));

    if (load.problems.length > 0) failures.push(`${load.problems.length} client flows failed (first: ${load.problems[0]})`);
    if (resets.length > 0) failures.push(`${resets.length} requests lost their connection after being sent (${[...new Set(resets.map((r) => r.error))].join(", ")})`);
    if (wrongRefusals.length > 0) failures.push(`${wrongRefusals.length} connections refused by a process that was not stopping`);
    if (unanswered(inFlight) + unanswered(duringDrain) > 0) failures.push("requests to the stopping web process went unanswered");
    if (webStop.code !== 0 || webStop.ms > WEB_EXIT_BOUND_MS) failures.push(`web1 exited ${webStop.code} after ${webStop.ms} ms (expected 0 within ${WEB_EXIT_BOUND_MS} ms)`);
    if (leftLocked > 0) failures.push(`worker1 left ${leftLocked} jobs locked when it exited`);
    if (workerStop.code !== 0 || workerStop.ms > WORKER_EXIT_BOUND_MS) failures.push(`worker1 exited ${workerStop.code} after ${workerStop.ms} ms (expected 0 within ${WORKER_EXIT_BOUND_MS} ms)`);
    if (!cacheFigures.copyInUse) failures.push("an unannounced change showed at once: the web processes were not serving cached copies");
    if (cacheFigures.seenMs.some((v) => v === null || v > CACHE_BOUND_MS)) failures.push(`a configuration change took longer than ${CACHE_BOUND_MS} ms to show (${cacheFigures.seenMs.join(", ")} ms)`);
    if (!sessionValid) failures.push("an admin session made on web1 was refused by web2");
    if (unplanned > 0) failures.push(`${unplanned} events got no delivery record`);
    if (notDelivered > 0) failures.push(`${notDelivered} of ${deliveries.length} webhooks not delivered`);
    if (lost > 0) failures.push(`${lost} events never reached the receiver`);
    if (duplicates > 0) failures.push(`${duplicates} duplicate webhooks received`);
    if (expiry.notExpired > 0) failures.push(`${expiry.notExpired} of ${load.expiring.length} expiring transactions did not expire`);
    if (expiry.events.some((n) => n !== 1)) failures.push(`expiring transactions without exactly one 'expired' event: ${expiry.events.filter((n) => n !== 1).length}`);
    if (expiry.jobRuns !== load.expiring.length) failures.push(`${expiry.jobRuns} expire-transaction job runs for ${load.expiring.length} expiring transactions`);
    if (missing > 0) failures.push(`${missing} transactions answered 201 are not in the database`);
    if (notPaid > 0) failures.push(`${notPaid} transactions paid through the flow are not 'paid'`);
    if (errorLines.length > 0) failures.push(`${errorLines.length} error lines in the logs (first: ${errorLines[0]!.slice(0, 200)})`);
    if (failures.length > 0) process.exitCode = 1;

    const statusCounts = countBy(sent.map((r) => (r.status === null ? String(r.error) : String(r.status))));
    return [
      `Several processes: 2 web (WORKER=off) + 2 workers on one PostgreSQL, started together on an empty database; ${CLIENTS} clients for ${RUN_MS / 1000} s, SIGTERM to web1 and worker1 at ${TERM_AT_MS / 1000} s`,
      `  requests                           ${sent.length} (web1 ${toStopped.length}, web2 ${sent.length - toStopped.length}); ${Object.entries(statusCounts).map(([k, v]) => `${k}: ${v}`).join(", ")}`,
      `  transactions                       ${load.created.length} created, ${load.paid.length} paid (created on one web process, paid on the other), ${load.expiring.length} left to expire`,
      `  client flows failed                ${load.problems.length}; flows moved to web2 after web1 closed its port: ${load.movedAway}`,
      `  config change → both web processes unannounced change ignored (copies in use): ${cacheFigures.copyInUse ? "yes" : "no"}; announced: seen after ${cacheFigures.seenMs.map((v) => (v === null ? "never" : `${v} ms`)).join(" / ")} (web1 / web2, off then on)`,
      `  admin session from web1 on web2    ${sessionValid ? "valid" : "refused"}`,
      `  web1 SIGTERM                       ${inFlight.length} requests in flight, ${duringDrain.length} more sent on its open connections while draining; unanswered ${unanswered(inFlight) + unanswered(duringDrain)}, reset ${resets.filter((r) => r.port === ports[0]).length}; exited ${webStop.code} after ${(webStop.ms / 1000).toFixed(1)} s (bound ${WEB_EXIT_BOUND_MS / 1000} s)`,
      `  worker1 SIGTERM                    ${stoppingWorkerJobs} jobs completed after the signal, ${leftLocked} left locked; exited ${workerStop.code} after ${(workerStop.ms / 1000).toFixed(1)} s (bound ${WORKER_EXIT_BOUND_MS / 1000} s)`,
      `  events with a webhook              ${deliveries.length} ('paid' and 'expired'): ${deliveries.length - unplanned} delivery records, ${deliveries.length - notDelivered} delivered, ${triedTwice} tried more than once`,
      `  receiver                           ${arrivals.filter((n) => n === 1).length} events once, ${lost} never, ${duplicates} duplicates`,
      `  expiry                             ${load.expiring.length - expiry.notExpired} of ${load.expiring.length} expired; 'expired' events per transaction: ${[...new Set(expiry.events)].join(", ")}; expire-transaction job runs ${expiry.jobRuns} (worker1 ${expiry.runsBy[0]}, worker2 ${expiry.runsBy[1]})`,
      `  201s missing from the database     ${missing} of ${load.created.length}`,
      `  error lines in the logs            ${errorLines.length}`,
      failures.length === 0 ? "  PASS" : `  FAIL: ${failures.join("; ")}`,
    ];
  } finally {
    watch?.restore();
    await Promise.all(all.map((p) => stopProcess(p.child)));
    await receiver.close();
    await database.stop();
  }
}

function startProc(label: string, script: string, env: NodeJS.ProcessEnv, hide?: RegExp): Proc {
  const child = startScript(script, [], env, label, { hide });
  const proc: Proc = { label, child, errors: [], completed: [], poolId: null };
  const { errors } = watchLog(child, (entry: LogEntry & { workerPool?: string }) => {
    const done = /^Completed task \d+ \(([\w-]+)/.exec(entry.msg ?? "");
    if (done) proc.completed.push({ task: done[1]!, at: entry.time });
    if (entry.msg === "worker started") proc.poolId = entry.workerPool ?? "";
  });
  proc.errors = errors;
  return proc;
}

async function waitForWorker(worker: Proc): Promise<void> {
  while (worker.poolId === null) {
    if (worker.child.exitCode !== null) throw new Error(`${worker.label} exited with code ${worker.child.exitCode}.`);
    await sleep(100);
  }
}

/** SIGTERM; resolves with the exit code and how long the process took to exit. */
async function terminate(proc: Proc): Promise<Stopped> {
  const t0 = Date.now();
  const exited = new Promise<number | null>((resolve) => proc.child.once("exit", (code) => resolve(code)));
  proc.child.kill("SIGTERM");
  const code = await exited;
  return { code, ms: Date.now() - t0 };
}

/** The port a connection was refused on, or -1 for any other error. */
function refusedPort(error: unknown): number {
  const cause = (error as { cause?: { port?: number } }).cause;
  return networkError(error) === "refused" ? (cause?.port ?? -1) : -1;
}

/**
 * Warms both web processes' cached gateway list, then switches the spare gateway off without a change notice
 * (replica mode skips the trigger): both must still list it, which shows they serve their copies. Then it is
 * switched off and on again as the admin panel and CLI do (the trigger announces it), and each web process must
 * show the change; returns how long each took after the commit.
 */
async function checkConfigCache(urls: string[], apiKey: string, databaseUrl: string) {
  const lists = async (url: string) =>
    (
      await send<{ payment_methods: { code: string }[] }>({
        url: `${url}/b/pbl/v2/payment-methods/`,
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Api-Key ${apiKey}` },
        // The spare gateway is a sandbox one: listed only when asked for.
        body: JSON.stringify({ plugin: "e_commerce", type: "sandbox" }),
      })
    ).payment_methods.some((m) => m.code === SPARE_GATEWAY);
  const setEnabled = (enabled: boolean, announced: boolean) =>
    withClient(databaseUrl, async (c) => {
      await c.query("BEGIN");
      if (!announced) await c.query("SET LOCAL session_replication_role = replica");
      await c.query("UPDATE gateway_settings SET enabled = $1 WHERE code = $2", [enabled, SPARE_GATEWAY]);
      await c.query("COMMIT");
    });
  for (const url of urls) await lists(url);
  await setEnabled(false, false);
  let copyInUse = true;
  for (let i = 0; i < 5; i++) {
    for (const url of urls) copyInUse &&= await lists(url);
    await sleep(100);
  }
  const seenMs: (number | null)[] = [];
  for (const enabled of [false, true]) {
    await setEnabled(enabled, true);
    const committed = Date.now();
    seenMs.push(...(await Promise.all(urls.map((url) => timeUntil(async () => (await lists(url)) === enabled, committed)))));
  }
  return { copyInUse, seenMs };
}

async function timeUntil(check: () => Promise<boolean>, since: number): Promise<number | null> {
  while (Date.now() - since < CACHE_BOUND_MS * 5) {
    if (await check()) return Date.now() - since;
    await sleep(20);
  }
  return null;
}

/** Signs in on web1 and opens the admin panel with that session on web2 (behind a proxy, the next request may go there). */
async function checkAdminSession(urls: string[]): Promise<boolean> {
  const cookie = await signIn(urls[0]!, ADMIN.username, ADMIN.password);
  const statuses = await Promise.all(urls.map(async (url) => (await fetch(`${url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" })).status));
  return statuses.every((s) => s === 200);
}

/**
 * The load's events that send a webhook ('paid', 'expired') with their delivery record (state null while the
 * event's job has not planned one), once each has a record that is no longer pending (or at the deadline).
 */
async function settledDeliveries(url: string, sessions: string[], deadline: number) {
  for (;;) {
    const rows = await withClient(url, async (c) =>
      (
        await c.query<{ event_id: string; state: string | null; attempt_count: number }>(
          `SELECT e.event_id::text, d.state, coalesce(d.attempt_count, 0) AS attempt_count
           FROM transaction_events e LEFT JOIN webhook_deliveries d ON d.event_id = e.event_id
           WHERE e.session_id = ANY($1) AND e.to_state IN ('paid', 'expired')`,
          [sessions],
        )
      ).rows,
    );
    if (rows.every((r) => r.state !== null && r.state !== "pending") || Date.now() > deadline) return rows;
    await sleep(500);
  }
}

/** Once every expiring transaction has expired (or at the deadline): those that did not, 'expired' events per transaction, job runs. */
async function settledExpiry(url: string, sessions: string[], workers: Proc[], deadline: number) {
  const runsBy = () => workers.map((w) => w.completed.filter((j) => j.task === "expire-transaction").length);
  for (;;) {
    const { notExpired, events } = await withClient(url, async (c) => {
      const states = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM transactions WHERE session_id = ANY($1) AND state <> 'expired'", [sessions]);
      const counted = await c.query<{ n: number }>(
        `SELECT count(e.event_id)::int AS n FROM unnest($1::text[]) AS s(session_id)
         LEFT JOIN transaction_events e ON e.session_id = s.session_id AND e.to_state = 'expired' GROUP BY s.session_id`,
        [sessions],
      );
      return { notExpired: states.rows[0]!.n, events: counted.rows.map((r) => r.n) };
    });
    const runs = runsBy();
    const jobRuns = runs[0]! + runs[1]!;
    if ((notExpired === 0 && jobRuns >= sessions.length) || Date.now() > deadline) return { notExpired, events, jobRuns, runsBy: runs };
    await sleep(500);
  }
}

const lockedBy = (url: string, poolId: string) =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_by = $1", [poolId]);
    return rows[0]!.n;
  });

const missingSessions = (url: string, ids: string[]) =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM transactions WHERE session_id = ANY($1)", [ids]);
    return ids.length - rows[0]!.n;
  });

const notInState = (url: string, ids: string[], state: string) =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM transactions WHERE session_id = ANY($1) AND state <> $2", [ids, state]);
    return rows[0]!.n;
  });

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

