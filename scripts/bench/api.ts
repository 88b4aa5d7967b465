// The checkout API's create and GET against the bare baseline and the framework floor, and its SQL round trips.
import type { ChildProcess } from "node:child_process";
import { APP_URL, appEnv, DATA_DIR, startApp } from "./app";
import { embeddedDatabaseUrl, withClient } from "./database";
import { FLOOR_URL, startFloor } from "./floor";
import { send } from "./http";
import { CONNECTIONS, type Figures, measure, type Target } from "./load";
import type { ApiResults, Measured } from "./report";
import { countStatements } from "./round-trips";
import { startScript, stopProcess, waitForOk } from "./processes";

export const BASELINE_URL = "http://127.0.0.1:3301";
export const WARM_UP_SECONDS = 3;
const COUNTED_REQUESTS = 20;
const BODY = JSON.stringify({ amount: "10.500", currency_code: "KWD", pg_codes: ["card"] });
const JSON_HEADERS = { "Content-Type": "application/json" };

type Counts = Omit<ApiResults, "figures">;

/** Starts the bare node:http baseline server (scripts/bench/baseline-server.ts) into `helpers`. */
export async function startBaseline(dbUrl: string, helpers: ChildProcess[]): Promise<void> {
  const baseline = startScript("scripts/bench/baseline-server.ts", ["3301", dbUrl], appEnv, "baseline");
  helpers.push(baseline);
  await waitForOk(`${BASELINE_URL}/health`, baseline);
}

/** Starts the baseline server (into `helpers`) with its table, and returns the create and GET targets of app and baseline. */
async function appAndBaseline(apiKey: string, dbUrl: string, helpers: ChildProcess[]): Promise<Partial<Record<Measured, Target>>> {
  await withClient(dbUrl, (c) =>
    c.query(`CREATE TABLE IF NOT EXISTS bench_baseline (id bigserial PRIMARY KEY, session_id text, amount numeric,
      currency text, pg_codes text[], created_at timestamptz DEFAULT now())`),
  );
  await startBaseline(dbUrl, helpers);
  const auth = { ...JSON_HEADERS, Authorization: `Api-Key ${apiKey}` };
  const targets: Partial<Record<Measured, Target>> = {
    create: { url: `${APP_URL}/b/checkout/v1/pymt-txn/`, method: "POST", headers: auth, body: BODY },
    createBaseline: { url: `${BASELINE_URL}/baseline`, method: "POST", headers: JSON_HEADERS, body: BODY },
  };
  const { session_id: sessionId } = await send<{ session_id: string }>(targets.create!);
  const { id: baselineId } = await send<{ id: string }>(targets.createBaseline!);
  targets.read = { url: `${APP_URL}/b/checkout/v1/pymt-txn/${sessionId}` };
  targets.readBaseline = { url: `${BASELINE_URL}/baseline/${baselineId}` };
  return targets;
}

/**
 * SQL round trips per create and GET (and the baseline INSERT's, as a check), counted on the app started with
 * WORKER=off: otherwise the embedded job worker's own statements (its polling, and the job each create's event
 * queues) land in the same pg_stat_statements and are counted as the request's. The app is stopped afterwards;
 * the jobs wait for the next start.
 */
export async function countRoundTrips(apiKey: string): Promise<Counts> {
  process.stderr.write("Counting SQL round trips (app with WORKER=off) …\n");
  const stopApp = await startApp({ WORKER: "off" });
  const helpers: ChildProcess[] = [];
  try {
    const dbUrl = await embeddedDatabaseUrl(DATA_DIR, "checkout");
    const targets = await appAndBaseline(apiKey, dbUrl, helpers);
    for (let i = 0; i < 5; i++) for (const t of Object.values(targets)) await send(t); // first requests out of the count
    return await withClient(dbUrl, async (c) => ({
      createStatements: await countStatements(c, () => send(targets.create!), COUNTED_REQUESTS),
      readStatements: await countStatements(c, () => send(targets.read!), COUNTED_REQUESTS),
      baselineStatements: (await countStatements(c, () => send(targets.createBaseline!), COUNTED_REQUESTS)).perRequest,
    }));
  } finally {
    for (const helper of helpers) await stopProcess(helper);
    await stopApp();
  }
}

/** Loads create and GET of the app, the baseline and (unless `withFloor` is false) the floor, started into `helpers`. */
export async function measureApi(
  apiKey: string,
  dbUrl: string,
  helpers: ChildProcess[],
  seconds: number,
  withFloor: boolean,
): Promise<ApiResults["figures"]> {
  const targets = await appAndBaseline(apiKey, dbUrl, helpers);
  if (withFloor) {
    const floor = startFloor(dbUrl);
    helpers.push(floor);
    const baselineId = targets.readBaseline!.url.split("/").at(-1);
    targets.createFloor = { url: `${FLOOR_URL}/insert`, method: "POST", headers: JSON_HEADERS, body: BODY };
    targets.readFloor = { url: `${FLOOR_URL}/select/${baselineId}` };
    await waitForOk(targets.readFloor.url, floor);
  }

  process.stderr.write(`Warming up (${WARM_UP_SECONDS} s per endpoint) …\n`);
  for (const target of Object.values(targets)) await measure(target, WARM_UP_SECONDS);

  // Each endpoint right after its baseline (and floor), so a change in the machine's load skews the ratios less.
  const order: Measured[] = ["createBaseline", "createFloor", "create", "readBaseline", "readFloor", "read"];
  const figures: Partial<Record<Measured, Figures>> = {};
  for (const name of order.filter((n) => targets[n])) {
    process.stderr.write(`Measuring ${name} (${CONNECTIONS} connections, ${seconds} s) …\n`);
    const f = await measure(targets[name]!, seconds);
    process.stderr.write(`  ${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.failed} failed\n`);
    figures[name] = f;
  }
  return figures;
}
