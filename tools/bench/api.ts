// The checkout API's create and GET against the bare baseline and the framework floor, and its SQL round trips.
import type { ChildProcess } from "node:child_process";
import { APP_URL, appEnv, DATA_DIR, startApp } from "./app";
import { embeddedDatabaseUrl, withClient } from "../shared/database";
import { FLOOR_URL, startFloor } from "./floor";
import { send } from "../shared/http";
import { CONNECTIONS, type Figures, measure, type Target } from "./load";
import { countStatements, type StatementCount } from "./round-trips";
import { startScript, stopProcess, waitForOk } from "../shared/processes";

export type Measured = "create" | "createBaseline" | "createFloor" | "read" | "readBaseline" | "readFloor" | "readInApp";

/** The API's throughput and latency against the baseline and floor, and its SQL round trips. */
export interface ApiResults {
  figures: Partial<Record<Measured, Figures>>;
  createStatements: StatementCount;
  readStatements: StatementCount;
  baselineStatements: number;
}

/** BENCH_BASELINE_PORT moves the baseline server off 3301, when another run shares the machine. */
export const BASELINE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? 3301);
export const BASELINE_URL = `http://127.0.0.1:${BASELINE_PORT}`;
export const WARM_UP_SECONDS = 3;
export const COUNTED_REQUESTS = 20;
const BODY = JSON.stringify({ amount: "10.500", currency_code: "KWD", pg_codes: ["card"] });
export const JSON_HEADERS = { "Content-Type": "application/json" };

type Counts = Omit<ApiResults, "figures">;

/** The baseline's (and floor's) one-statement INSERT and SELECT by primary key, as load targets. */
export interface Floors {
  insertBaseline: Target;
  selectBaseline: Target;
  insertFloor?: Target;
  selectFloor?: Target;
  /**
   * The floor's SELECT route handler built into the app and served by its process (app/(bench)/api/bench-floor/, in
   * the bench's build only): what running inside the app costs the same handler, apart from what our GET adds to it.
   */
  selectInApp?: Target;
}

/** JSON POSTs authenticated with the API key. */
export const apiHeaders = (apiKey: string) => ({ ...JSON_HEADERS, Authorization: `Api-Key ${apiKey}` });

/** Starts the bare node:http baseline server (tools/bench/baseline-server.ts) into `helpers`. */
export async function startBaseline(dbUrl: string, helpers: ChildProcess[]): Promise<void> {
  const baseline = startScript("tools/bench/baseline-server.ts", [String(BASELINE_PORT), dbUrl], appEnv, "baseline");
  helpers.push(baseline);
  await waitForOk(`${BASELINE_URL}/health`, baseline);
}

/**
 * Starts the baseline server and (with `withFloor`) the framework floor into `helpers`, with their table and one row,
 * and returns their INSERT and SELECT targets.
 */
export async function startFloors(dbUrl: string, helpers: ChildProcess[], withFloor: boolean): Promise<Floors> {
  await withClient(dbUrl, (c) =>
    c.query(`CREATE TABLE IF NOT EXISTS bench_baseline (id bigserial PRIMARY KEY, session_id text, amount numeric,
      currency text, pg_codes text[], created_at timestamptz DEFAULT now())`),
  );
  await startBaseline(dbUrl, helpers);
  const insertBaseline: Target = { url: `${BASELINE_URL}/baseline`, method: "POST", headers: JSON_HEADERS, body: BODY };
  const { id } = await send<{ id: string }>(insertBaseline);
  const floors: Floors = { insertBaseline, selectBaseline: { url: `${BASELINE_URL}/baseline/${id}` } };
  if (withFloor) {
    const floor = startFloor(dbUrl);
    helpers.push(floor);
    floors.insertFloor = { url: `${FLOOR_URL}/insert`, method: "POST", headers: JSON_HEADERS, body: BODY };
    floors.selectFloor = { url: `${FLOOR_URL}/select/${id}` };
    floors.selectInApp = { url: `${APP_URL}/api/bench-floor/${id}` };
    await waitForOk(floors.selectFloor.url, floor);
  }
  return floors;
}

/** Starts the baseline (and floor) into `helpers`, and returns the create and GET targets of all. */
async function appAndFloors(apiKey: string, dbUrl: string, helpers: ChildProcess[], withFloor: boolean) {
  const floors = await startFloors(dbUrl, helpers, withFloor);
  const create: Target = { url: `${APP_URL}/b/checkout/v1/pymt-txn/`, method: "POST", headers: apiHeaders(apiKey), body: BODY };
  const { session_id: sessionId } = await send<{ session_id: string }>(create);
  const targets: Partial<Record<Measured, Target>> = {
    create,
    createBaseline: floors.insertBaseline,
    createFloor: floors.insertFloor,
    read: { url: `${APP_URL}/b/checkout/v1/pymt-txn/${sessionId}` },
    readBaseline: floors.selectBaseline,
    readFloor: floors.selectFloor,
    readInApp: floors.selectInApp,
  };
  return targets;
}

/**
 * Runs `count` on the app started with WORKER=off, given its database's URL and a list for the helper processes it
 * starts: otherwise the embedded job worker's own statements (its polling, and the jobs requests queue) land in the
 * same pg_stat_statements and are counted as the requests'. The app and helpers are stopped afterwards; the jobs
 * wait for the next start.
 */
export async function onIdleApp<T>(count: (dbUrl: string, helpers: ChildProcess[]) => Promise<T>): Promise<T> {
  process.stderr.write("Counting SQL round trips (app with WORKER=off) …\n");
  const stopApp = await startApp({ WORKER: "off" });
  const helpers: ChildProcess[] = [];
  try {
    return await count(await embeddedDatabaseUrl(DATA_DIR, "checkout"), helpers);
  } finally {
    for (const helper of helpers) await stopProcess(helper);
    await stopApp();
  }
}

/** SQL round trips per create and GET (and the baseline INSERT's, as a check), counted on the idle app (onIdleApp). */
export function countRoundTrips(apiKey: string): Promise<Counts> {
  return onIdleApp(async (dbUrl, helpers) => {
    const targets = await appAndFloors(apiKey, dbUrl, helpers, false);
    for (let i = 0; i < 5; i++) for (const t of Object.values(targets)) if (t) await send(t); // first requests out of the count
    return withClient(dbUrl, async (c) => ({
      createStatements: await countStatements(c, () => send(targets.create!), COUNTED_REQUESTS),
      readStatements: await countStatements(c, () => send(targets.read!), COUNTED_REQUESTS),
      baselineStatements: (await countStatements(c, () => send(targets.createBaseline!), COUNTED_REQUESTS)).perRequest,
    }));
  });
}

/** Loads create and GET of the app, the baseline and (unless `withFloor` is false) the floor, started into `helpers`. */
export async function measureApi(
  apiKey: string,
  dbUrl: string,
  helpers: ChildProcess[],
  seconds: number,
  withFloor: boolean,
): Promise<ApiResults["figures"]> {
  const targets = await appAndFloors(apiKey, dbUrl, helpers, withFloor);
  // Each endpoint right after its baseline (and floor), so a change in the machine's load skews the ratios less.
  return measureInTurn(targets, ["createBaseline", "createFloor", "create", "readBaseline", "readFloor", "readInApp", "read"], seconds);
}

/** Rounds of the API sections: each endpoint is loaded once a round, beside its floors, so a slower minute of the host skews every one of them alike. */
export const ROUNDS = 3;
/** One round's load of an endpoint, for a section run of `seconds` per endpoint (observability's slices likewise). */
export const roundSeconds = (seconds: number) => Math.max(2, Math.round(seconds / 2));

/** Warms up each of `order` present in `targets`; returns those present, in order. */
export async function warmUp<K extends string>(targets: Partial<Record<K, Target>>, order: readonly K[]): Promise<K[]> {
  const present = order.filter((name) => targets[name]);
  process.stderr.write(`Warming up (${WARM_UP_SECONDS} s per endpoint) …\n`);
  for (const name of present) await measure(targets[name]!, WARM_UP_SECONDS);
  return present;
}

/** Warms up each of `targets` present, then loads them in `order`, ROUNDS times (see measureInRounds). */
export async function measureInTurn<K extends string>(
  targets: Partial<Record<K, Target>>,
  order: K[],
  seconds: number,
): Promise<Partial<Record<K, Figures>>> {
  const present = await warmUp(targets, order);
  return measureInRounds(present, seconds, (name) => measure(targets[name]!, roundSeconds(seconds)));
}

/**
 * ROUNDS rounds, each loading every one of `order` in turn with `load`; per endpoint, the round of median req/s
 * (its latencies with it), with the requests and failures of every round. On this host the same load moves by a
 * tenth or more from one minute to the next: the median of rounds taken in turn reads through that.
 */
export async function measureInRounds<K extends string>(
  order: K[],
  seconds: number,
  load: (name: K) => Promise<Figures>,
  connections = CONNECTIONS,
): Promise<Partial<Record<K, Figures>>> {
  const rounds = new Map<K, Figures[]>(order.map((name) => [name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of order) {
      process.stderr.write(`Measuring ${name}, round ${round}/${ROUNDS} (${connections} connections, ${roundSeconds(seconds)} s) …\n`);
      const f = await load(name);
      process.stderr.write(`  ${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.failed} failed\n`);
      rounds.get(name)!.push(f);
    }
  }
  return Object.fromEntries([...rounds].map(([name, figures]) => [name, medianRound(figures)])) as Partial<Record<K, Figures>>;
}

function medianRound(rounds: Figures[]): Figures {
  const median = [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)]!;
  return { ...median, total: rounds.reduce((sum, f) => sum + f.total, 0), failed: rounds.reduce((sum, f) => sum + f.failed, 0) };
}
